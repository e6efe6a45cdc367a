import CStreamChatAIPluginABI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where plugins' log lines go: each host services table maps to its plugin's log.
enum PluginLogs {
    private static let sinks = Synchronization.Mutex<[UInt: @Sendable (Int32, String) -> Void]>([:])

    static func register(_ services: UnsafeMutablePointer<sca_host_services>, _ sink: @escaping @Sendable (Int32, String) -> Void) {
        sinks.withLock { $0[UInt(bitPattern: services)] = sink }
    }

    static let log: @convention(c) (UnsafePointer<sca_host_services>?, Int32, UnsafePointer<CChar>?) -> Void = { host, level, message in
        guard let host, let message else { return }
        let sink = sinks.withLock { $0[UInt(bitPattern: host)] }
        sink?(level, String(decoding: UnsafeRawBufferPointer(start: message, count: strlen(message)), as: UTF8.self))
    }
}
