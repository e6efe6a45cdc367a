import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LedgerTests {
    func fileText(_ path: String) -> String { String(decoding: readBytes(path), as: UTF8.self) }

    func append(_ text: String, to path: String) {
        let f = fopen(path, "ab")!
        fputs(text, f)
        fclose(f)
    }

    @Test func `a restarted runner neither runs a call again nor loses an undelivered result`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        let r = Recorder()
        do {
            let first = try runner([try r.echoTool()], ledger: path)
            first.run(try parts(clientCall("c1"), clientCall("c2")), send: { call, result in
                r.sent(call.id, result)
                return call.id == "c2"
            })
        }
        let second = try runner([try r.echoTool()], ledger: path)
        second.run(try parts(clientCall("c1"), clientCall("c2")), send: r.sender())
        #expect(r.runs == ["c1", "c2"])
        #expect(r.sent.map(\.0) == ["c1", "c2", "c1"])
        #expect(r.sent[2].1 == .completed(output: JSONObject(), summary: "echoed"))
        #expect(second.ledger[0].attempts == 2)
    }

    @Test func `a call claimed but never finished is not run again and fails as interrupted`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        append(#"{"call":"c1","user":"u1","client":"i1","tool":"echo","event":"claimed"}"# + "\n", to: path)
        let r = Recorder()
        let runner = try runner([try r.echoTool()], ledger: path)
        runner.run(try parts(clientCall("c1")), send: r.sender())
        #expect(r.runs.isEmpty)
        #expect(r.sent.first?.1 == .failed(reason: #"The app stopped while the tool "echo" ran; it was not run again."#))
    }

    /// The ledger's lock taken by another open of its lock file, as another runner (or a child process spawned a
    /// moment ago, which holds a copy of every open file until it runs its program) holds it.
    func holdLock(_ path: String) -> Int32 {
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd
    }

    @Test func `a ledger whose lock another holds is refused as in use, after the tries of its wait`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        let holder = holdLock(path)
        defer { close(holder) }
        let pauses = Mutex(0)
        let wait = ToolRunLedger.LockWait(attempts: 3, pause: { pauses.withLock { $0 += 1 } })
        #expect(throws: StreamChatAIError.self) { try ToolRunLedger(path: path, userID: "u1", clientID: "i1", lockWait: wait) }
        #expect(pauses.withLock { $0 } == 2)
        do {
            _ = try ToolRunLedger(path: path, userID: "u1", clientID: "i1", lockWait: wait)
        } catch {
            #expect(error.message.contains("is in use by another runner"))
        }
    }

    @Test func `a lock let go while the ledger waits for it is taken (a child process spawned a moment ago held a copy)`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        let holder = Mutex(holdLock(path))
        let wait = ToolRunLedger.LockWait(attempts: 3, pause: { holder.withLock { fd in if fd >= 0 { close(fd); fd = -1 } } })
        let ledger = try ToolRunLedger(path: path, userID: "u1", clientID: "i1", lockWait: wait)
        #expect(holder.withLock { $0 } == -1)
        #expect(ledger.records.isEmpty)
    }

    @Test func `a line cut short by a crash is dropped and the ledger stays usable`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        append(#"{"call":"c1","user":"u1","client":"i1","tool":"echo","event":"claimed"}"# + "\n" + #"{"call":"c1","user":"u1","cli"#, to: path)
        let r = Recorder()
        do {
            let runner = try runner([try r.echoTool()], ledger: path)
            runner.run(try parts(clientCall("c2")), send: r.sender())
        }
        let lines = fileText(path).split(separator: "\n")
        #expect(lines.allSatisfy { (try? JSONValue(parsing: String($0))) != nil })
        #expect(fileText(path).hasSuffix("\n"))
        #expect(try runner([try r.echoTool()], ledger: path).ledger.count == 2)
    }

    @Test func `records of other users and installs are ignored`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        append(#"{"call":"c1","user":"someone","client":"i1","tool":"echo","event":"delivered"}"# + "\n", to: path)
        let r = Recorder()
        let runner = try runner([try r.echoTool()], ledger: path)
        runner.run(try parts(clientCall("c1")), send: r.sender())
        #expect(r.runs == ["c1"])
    }

    @Test func `a damaged ledger is refused with the line`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        append("not json\n" + #"{"call":"c1","user":"u1","client":"i1","tool":"echo","event":"claimed"}"# + "\n", to: path)
        let error = #expect(throws: StreamChatAIError.self) { try runner([], ledger: path) }
        #expect(error?.message.contains("damaged at line 1") == true)
    }

    @Test func `two runners never share one ledger`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        let first = try runner([], ledger: path)
        let error = #expect(throws: StreamChatAIError.self) { try runner([], ledger: path) }
        #expect(error?.kind == .refused)
        _ = first
    }

    @Test func `the ledger file is private`() throws {
        let path = temporaryDirectory() + "/deeper/ledger.jsonl"
        _ = try runner([], ledger: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}

@Suite struct InstallIdentityTests {
    @Test func `the install id is created once, kept private, and stable`() throws {
        let dir = temporaryDirectory() + "/data/streamchatai"
        let id = try AIClientIdentity.installID(directory: dir)
        #expect(id.hasPrefix("linux-"))
        #expect(id.count == 42)
        #expect(try AIClientIdentity.installID(directory: dir) == id)
        var info = stat()
        #expect(stat(dir + "/install-id", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(dir, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func `the default folder follows XDG_DATA_HOME`() {
        let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1)
        #expect(AIClientIdentity.defaultDirectory() == "/tmp/xdg-test/streamchatai")
        if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
    }

    @Test func `a garbled id file is refused, not used`() throws {
        let dir = temporaryDirectory()
        let f = fopen(dir + "/install-id", "wb")!
        fputs("two words\n", f)
        fclose(f)
        #expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: dir) }
    }

    @Test func `UUIDs are version 4 and differ`() {
        let a = RandomUUID.string(), b = RandomUUID.string()
        #expect(a != b)
        #expect(Array(a)[14] == "4")
        #expect("89ab".contains(Array(a)[19]))
    }
}
