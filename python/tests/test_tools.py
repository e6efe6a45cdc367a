"""Client tools through the Python binding: the runner's rules, Python
functions as tools, threads, a restart with a ledger, and the backend guards."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import streamchatai
from streamchatai import Runner

ROOT = Path(__file__).resolve().parents[2]
ECHO = {"name": "echo", "description": "Echoes its arguments", "inputSchema": {"type": "object"}}


def call(call_id, tool="echo", user="u1", client="i1", status="awaiting_client", executor="client", **arguments):
    step = {"type": "ai_tool_call", "name": tool, "status": status, "executor": executor,
            "target_user_id": user, "target_client_id": client, "arguments": arguments}
    if call_id is not None:
        step["id"] = call_id
    return step


class Recorder:
    def __init__(self, deliver=True):
        self.sent = []
        self.deliver = deliver
        self.lock = threading.Lock()
        self.event = threading.Event()

    def __call__(self, call, result):
        with self.lock:
            self.sent.append((call["id"], result))
        self.event.set()
        return self.deliver


def echo_runner(**options):
    runs = []
    runner = Runner("u1", "i1", **options)

    @runner.tool(ECHO)
    def echo(call):
        runs.append(call["id"])
        return call["arguments"], "echoed"

    return runner, runs


def test_runs_only_calls_addressed_here_once():
    runner, runs = echo_runner()
    send = Recorder()
    reply = [call("ok", n=1), call("other-user", user="u2"), call("other-install", client="i2"),
             call("server", executor="server"), call("waiting", status="awaiting_approval"), call(None)]
    for _ in range(3):
        runner.run(reply, send)
    assert runs == ["ok"]
    assert send.sent == [("ok", {"call_id": "ok", "status": "completed", "output": {"n": 1}, "summary": "echoed"})]


def test_eight_threads_running_the_same_reply_run_each_call_once():
    runner, runs = echo_runner()
    send = Recorder()
    reply = [call(f"c{i}") for i in range(10)]
    threads = [threading.Thread(target=lambda: [runner.run(reply, send) for _ in range(20)]) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(runs) == sorted(f"c{i}" for i in range(10))
    assert len(send.sent) == 10


def test_unknown_tool_and_invalid_arguments_fail_without_running():
    runner = Runner("u1", "i1")
    runs = []

    @runner.tool({"name": "open_screen", "description": "Open a screen",
                  "inputSchema": {"type": "object", "properties": {"screen": {"enum": ["settings"]}}, "required": ["screen"]}})
    def open_screen(call):
        runs.append(call)
        return {}

    send = Recorder()
    runner.run([call("a", tool="teleport"), call("b", tool="open_screen", screen="home")], send)
    assert runs == []
    results = dict(send.sent)
    assert results["a"] == {"call_id": "a", "status": "failed", "error": 'This install has no tool named "teleport".'}
    assert '$.screen: "home" is not one of ["settings"] (enum)' in results["b"]["error"]


def test_an_exception_fails_the_call_with_its_message():
    runner = Runner("u1", "i1")

    @runner.tool(ECHO)
    def broken(call):
        raise RuntimeError("Location not shared")

    send = Recorder()
    runner.run([call("c")], send)
    assert send.sent[0][1] == {"call_id": "c", "status": "failed", "error": "Location not shared"}


def test_failed_send_is_retried_on_a_later_run_then_given_up():
    runner, runs = echo_runner(max_attempts=2)
    send = Recorder(deliver=False)
    for _ in range(4):
        runner.run([call("c")], send)
    assert runs == ["c"]
    assert len(send.sent) == 2
    assert runner.ledger[0]["state"] == "gave_up"


def test_a_send_that_raises_counts_as_not_delivered():
    runner, runs = echo_runner()
    attempts = []

    def flaky(call, result):
        attempts.append(call["id"])
        if len(attempts) == 1:
            raise ConnectionError("offline")
        return True

    runner.run([call("c")], flaky)
    runner.run([call("c")], flaky)
    assert attempts == ["c", "c"] and runs == ["c"]
    assert runner.ledger[0]["state"] == "delivered"


def test_a_deferred_tool_completes_later_from_another_thread():
    runner = Runner("u1", "i1")

    @runner.tool({"name": "later", "description": "Answers later", "inputSchema": {"type": "object"}})
    def later(call, result):
        threading.Thread(target=lambda: result.complete({"done": True}, "done later")).start()

    send = Recorder()
    runner.run([call("c", tool="later")], send)
    assert send.event.wait(10)
    assert send.sent[0][1]["output"] == {"done": True}


def test_a_tool_that_never_answers_times_out_and_a_late_answer_is_refused():
    runner = Runner("u1", "i1", tool_timeout_ms=20)
    held = []

    @runner.tool({"name": "stuck", "description": "Never answers", "inputSchema": {"type": "object"}})
    def stuck(call, result):
        held.append(result)

    send = Recorder()
    runner.run([call("c", tool="stuck")], send)
    assert send.event.wait(10)
    assert send.sent[0][1]["error"] == 'The tool "stuck" did not finish within 20 ms.'
    with pytest.raises(streamchatai.Refused):
        held[0].complete({})


def test_registrations_sorted_and_first_tool_wins():
    runner, _ = echo_runner()
    runner.add_tool({"name": "alpha", "instructions": "Use it", "inputSchema": {"type": "object"}}, lambda c: {})
    with pytest.raises(streamchatai.Refused):
        runner.add_tool(ECHO, lambda c: {})
    assert [r["name"] for r in runner.registrations] == ["alpha", "echo"]
    assert runner.registrations[0]["description"] == "Use it"


def test_invocation_event_runs_the_tool():
    runner, runs = echo_runner()
    called = runner.invoke({"type": "custom_client_tool_invocation", "message_id": "m", "tool": {"name": "echo"}, "args": {"x": 1}})
    assert called["arguments"] == {"x": 1} and len(runs) == 1
    with pytest.raises(streamchatai.NotFound):
        runner.invoke({"tool": {"name": "nope"}})


def test_bad_configuration_is_refused():
    with pytest.raises(streamchatai.InvalidArgument, match="max_attempts"):
        Runner("u1", "i1", max_attempts=0)
    with pytest.raises(streamchatai.InvalidArgument, match="user_id"):
        Runner("", "i1")
    closed = Runner("u1", "i1")
    closed.close()
    with pytest.raises(ValueError):
        closed.run([], Recorder())
    closed.close()  # a second close does nothing


def test_install_id_is_stable_and_private(tmp_path):
    first = streamchatai.install_id(tmp_path / "ids")
    assert first.startswith("linux-") and streamchatai.install_id(tmp_path / "ids") == first
    assert (tmp_path / "ids" / "install-id").stat().st_mode & 0o777 == 0o600


CHILD = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {python!r})
    import streamchatai
    ledger, marker, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    runner = streamchatai.Runner("u1", "i1", ledger_path=ledger)

    @runner.tool({{"name": "pay", "description": "Pays once", "inputSchema": {{"type": "object"}}}})
    def pay(call):
        with open(marker, "a") as f:
            f.write("ran\\n")
        return {{"paid": True}}, "Paid"

    def send(call, result):
        if mode == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        print("sent", result["call_id"], result["status"], flush=True)
        return True

    reply = [{{"type": "ai_tool_call", "id": "pay-1", "name": "pay", "status": "awaiting_client",
              "executor": "client", "target_user_id": "u1", "target_client_id": "i1"}}]
    runner.run(reply, send)
    print("done", flush=True)
""")


def test_restart_with_a_ledger_after_kill_9_between_run_and_send(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD.format(python=str(ROOT / "python")))
    ledger, marker = tmp_path / "ledger.jsonl", tmp_path / "runs.txt"
    env = {**os.environ, "STREAMCHATAI_LIB": os.environ.get("STREAMCHATAI_LIB", "")}
    killed = subprocess.run([sys.executable, str(script), str(ledger), str(marker), "die"], env=env,
                            capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL
    assert marker.read_text() == "ran\n"
    restarted = subprocess.run([sys.executable, str(script), str(ledger), str(marker), "live"], env=env,
                               capture_output=True, text=True, check=True)
    assert restarted.stdout.splitlines() == ["sent pay-1 completed", "done"]
    assert marker.read_text() == "ran\n"  # the tool did not run again
    again = subprocess.run([sys.executable, str(script), str(ledger), str(marker), "live"], env=env,
                           capture_output=True, text=True, check=True)
    assert again.stdout.splitlines() == ["done"]


def test_prompts_and_signin_return():
    step = {"type": "ai_tool_call", "id": "c", "status": "awaiting_approval", "executor": "client",
            "target_user_id": "u1", "target_client_id": "i1",
            "approval": {"title": "Share?", "reason": "to check the weather"}}
    prompts = streamchatai.call_prompts(step, "u1", "i1")
    assert prompts["approval"]["lines"] == ["To check the weather."] and prompts["sign_in"] is None
    assert streamchatai.call_prompts(step, "u1", "i2")["approval"] is None
    assert streamchatai.signin_return("app://cb?status=connected", "app")["connected"] is True
    assert streamchatai.signin_return("app://cb?status=denied", "app")["connected"] is False


def test_call_transition_guards():
    step = {"type": "ai_tool_call", "id": "c", "status": "awaiting_client", "executor": "client",
            "target_user_id": "u1", "target_client_id": "i1"}
    done = streamchatai.call_transition(step, {"type": "result", "user_id": "u1", "client_id": "i1",
                                              "result": {"status": "completed", "output": {}, "summary": "Done"}})
    assert done["status"] == "completed" and done["summary"] == "Done"
    with pytest.raises(streamchatai.Refused, match="not waiting for a device"):
        streamchatai.call_transition(done, {"type": "result", "user_id": "u1", "client_id": "i1",
                                            "result": {"status": "failed", "error": "x"}})
    with pytest.raises(streamchatai.Refused, match="targeted user and install"):
        streamchatai.call_transition(step, {"type": "result", "user_id": "u2", "client_id": "i1",
                                            "result": {"status": "failed", "error": "x"}})


def test_register_tools_check_and_schema_validate():
    checked = streamchatai.register_tools_check({"channel_id": "c1", "tools": [{"name": "a"}]})
    assert checked["status"] == 400 and checked["response"]["invalid_tools"] == ["a"]
    violations = streamchatai.schema_validate({"type": "object", "required": ["x"]}, {})
    assert violations == [{"path": "$", "keyword": "required", "message": 'missing required property "x"'}]
