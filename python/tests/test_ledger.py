"""The bounded ledger under real kill -9: a child process runs many client
calls with a small retention (so the ledger is compacted again and again), is
killed at varied points, and restarted; no tool ever runs twice, every call's
result reaches the backend, and the file stays bounded."""

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The child plays both sides: a runner with a ledger, and a backend that keeps
# a call awaiting the device until it has the call's result (delivered.txt).
CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {python!r})
    import streamchatai
    folder, calls = sys.argv[1], int(sys.argv[2])
    runner = streamchatai.Runner("u1", "i1", ledger_path=os.path.join(folder, "ledger.jsonl"),
                                 ledger_retention_calls=3)

    def durable_line(name, text):
        with open(os.path.join(folder, name), "a") as f:
            f.write(text + "\\n")
            f.flush()
            os.fsync(f.fileno())

    @runner.tool({{"name": "pay", "description": "Pays once", "inputSchema": {{"type": "object"}}}})
    def pay(call):
        durable_line("ran.txt", call["id"])
        return {{"paid": True}}, "Paid"

    def send(call, result):
        durable_line("delivered.txt", result["call_id"] + " " + result["status"])
        print("sent", result["call_id"], flush=True)
        return True

    path = os.path.join(folder, "delivered.txt")
    done = set(line.split()[0] for line in open(path)) if os.path.exists(path) else set()
    for i in range(calls):
        if "c%d" % i in done:
            continue  # the backend has its result: it no longer shows it as awaiting
        reply = [{{"type": "ai_tool_call", "id": "c%d" % i, "name": "pay", "status": "awaiting_client",
                  "executor": "client", "target_user_id": "u1", "target_client_id": "i1"}}]
        runner.run(reply, send)
    print("done", flush=True)
""")


@pytest.fixture
def folder(tmp_path):
    # tmpfs when there is one: a kill -9 tests the process dying, not the disk, and fsync there is cheap.
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else str(tmp_path)
    path = Path(tempfile.mkdtemp(prefix="sca-ledger-", dir=base))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def start(script, folder, calls):
    env = {**os.environ, "STREAMCHATAI_LIB": os.environ.get("STREAMCHATAI_LIB", "")}
    return subprocess.Popen([sys.executable, str(script), str(folder), str(calls)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_kill_9_at_varied_points_of_a_compacting_ledger_never_runs_a_tool_twice(folder):
    script = folder / "child.py"
    script.write_text(CHILD.format(python=str(ROOT / "python")))
    calls = 4000
    rng = random.Random(14)
    kills = 0
    for _ in range(12):
        child = start(script, folder, calls)
        limit = rng.randint(20, 700)
        seen = 0
        for line in child.stdout:
            if line.startswith("sent"):
                seen += 1
            if seen >= limit or line.startswith("done"):
                break
        child.send_signal(signal.SIGKILL)
        child.communicate()
        kills += child.returncode == -signal.SIGKILL
    final = start(script, folder, calls)
    out, err = final.communicate(timeout=600)
    assert final.returncode == 0, err
    assert out.splitlines()[-1] == "done"
    assert kills >= 10

    ran = (folder / "ran.txt").read_text().split()
    assert len(ran) == len(set(ran)), "a tool ran twice"
    delivered = {}
    for line in (folder / "delivered.txt").read_text().splitlines():
        call, status = line.split()
        delivered.setdefault(call, status)
    assert set(delivered) == {"c%d" % i for i in range(calls)}, "a call's result never reached the backend"
    ran_once = set(ran)
    for call, status in delivered.items():
        # A call whose tool never ran (or whose result wasn't recorded) was claimed when the
        # process died: it fails as interrupted, and is not run again.
        assert status == "failed" if call not in ran_once else status in ("completed", "failed"), call
    assert not (folder / "ledger.jsonl.compacting").exists()
    lines = (folder / "ledger.jsonl").read_text().splitlines()
    assert len(lines) <= 2 * 3 + 1024 + 8, "the ledger grew with history, not retention"
