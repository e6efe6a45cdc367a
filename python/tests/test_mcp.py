"""MCP both ways through the C ABI, against real peers: the test suite's notes server
built on the `mcp` 2.3.0 SDK and on `fastmcp` 4.1.6 (each in both eras) as tool sources,
and `streamchatai mcp serve` driven by the `mcp` SDK's own client."""

import asyncio
import sys
import threading
from pathlib import Path

import pytest

from streamchatai import Runner, UIHost
from streamchatai.errors import StreamChatAIError

ROOT = Path(__file__).resolve().parents[2]
PEERS = ROOT / "Tests" / "Peers"
CLI = ROOT / "build" / "bin" / "streamchatai"


def notes(sdk, version="auto", **extra):
    return {"name": f"notes-{sdk}", "command": [sys.executable, str(PEERS / "mcp_notes_server.py"), sdk],
            "protocol_version": version, "start_timeout_ms": 30000, **extra}


def client_call(call_id, tool, **arguments):
    return {"type": "ai_tool_call", "id": call_id, "name": tool, "status": "awaiting_client", "executor": "client",
            "target_user_id": "u1", "target_client_id": "i1", "arguments": arguments}


def run_one(runner, part):
    got, done = {}, threading.Event()

    def send(call, result):
        got.update(result)
        done.set()
        return True

    runner.run([part], send)
    assert done.wait(30), "no result was sent"
    return got


@pytest.mark.parametrize("sdk,version,era", [
    ("mcp", "auto", "modern"), ("mcp", "2025-11-25", "handshake"),
    ("fastmcp", "auto", "modern"), ("fastmcp", "2024-11-05", "handshake"),
])
def test_a_runner_runs_a_replys_call_through_a_real_mcp_server(sdk, version, era):
    runner = Runner("u1", "i1")
    report = runner.add_mcp_server(notes(sdk, version))
    assert report["era"] == era and report["conflicts"] == []
    assert {"read_note", "delete_note", "fail", "slow"} <= set(report["tools"])
    names = [r["name"] for r in runner.registrations]
    assert "read_note" in names
    assert run_one(runner, client_call("c1", "read_note", key="greeting"))["output"] == {"result": "hello"}
    failed = run_one(runner, client_call("c2", "fail", reason="demo"))
    assert failed["status"] == "failed" and "failed on purpose: demo" in failed["error"]


def test_the_ui_host_runs_a_read_only_mcp_tool_by_itself_but_not_a_destructive_one():
    host = UIHost()
    host.add_mcp_server(notes("mcp"))
    assert host.run_tool("read_note", {"key": "greeting"}, user_initiated=False)["output"] == {"result": "hello"}
    refused = host.run_tool("delete_note", {"key": "greeting"}, user_initiated=False)
    assert refused["status"] == "failed" and "runs only when the user taps" in refused["error"]
    assert host.run_tool("delete_note", {"key": "greeting"}, user_initiated=True)["output"] == {"result": "deleted"}


def test_declared_tools_register_without_starting_the_server():
    runner = Runner("u1", "i1")
    report = runner.add_mcp_server(notes("mcp", tools=[{"name": "read_note", "inputSchema": {"type": "object"}}]))
    assert report["era"] is None and report["tools"] == ["read_note"]
    assert run_one(runner, client_call("c1", "read_note", key="farewell"))["output"] == {"result": "bye"}


@pytest.mark.parametrize("config,code,words", [
    ({"name": "x", "command": []}, "SCA_E_INVALID_ARGUMENT", "$.command"),
    ({"name": "x", "command": ["x"], "colour": "red"}, "SCA_E_INVALID_ARGUMENT", "$.colour: unknown setting"),
    ({"name": "x", "command": ["no-such-mcp-program"]}, "SCA_E_NOT_FOUND", "no program \"no-such-mcp-program\" on PATH"),
    ({"name": "x", "command": [sys.executable, str(PEERS / "mcp_scripted_server.py"), "exit-at-once"]}, "SCA_E_PLUGIN",
     "exited with status 3"),
    ({"name": "x", "command": [sys.executable, str(PEERS / "mcp_scripted_server.py"), "future-only"]}, "SCA_E_REFUSED",
     "2099-01-01"),
])
def test_a_bad_server_config_or_server_is_an_error_that_says_what(config, code, words):
    runner = Runner("u1", "i1")
    with pytest.raises(StreamChatAIError) as caught:
        runner.add_mcp_server(config)
    assert caught.value.code == code and words in str(caught.value)


def test_invalid_config_json_is_an_error():
    from streamchatai._native import lib
    import ctypes
    runner = Runner("u1", "i1")
    out = ctypes.c_void_p()
    assert lib.sca_runner_add_mcp_server(runner._live(), b"{not json", ctypes.byref(out)) == 2  # SCA_E_INVALID_JSON
    assert out.value is None
    assert lib.sca_runner_add_mcp_server(None, b"{}", None) != 0


# ---------------------------------------------------------------- mcp serve

def serve(mode, *extra):
    from mcp import StdioServerParameters
    from mcp.client.client import Client

    if not CLI.exists():
        pytest.fail("build/bin/streamchatai is missing: run `make cli` (make test does)")
    params = StdioServerParameters(command=str(CLI), args=["mcp", "serve", "--plugins", str(ROOT / "build" / "plugins"), *extra])
    return Client(server=params, mode=mode)


@pytest.mark.parametrize("mode,version", [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
def test_mcp_serve_lists_and_calls_a_libffi_tool_and_a_c_plugin_tool_for_the_sdk_client(mode, version):
    async def main():
        async with serve(mode) as client:
            assert client.protocol_version == version
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert {"add", "hypot", "get_weather", "convert_length", "shout"} <= set(tools)
            assert tools["add"].annotations.read_only_hint is True
            assert tools["add"].input_schema["required"] == ["a", "b"]
            added = await client.call_tool("add", {"a": 2, "b": 40})
            assert not added.is_error and added.structured_content == {"result": 42}
            weather = await client.call_tool("get_weather", {"city": "Lisbon"})
            assert not weather.is_error and weather.structured_content["city"] == "Lisbon"
            bad = await client.call_tool("add", {"a": "two"})
            assert bad.is_error and "Invalid arguments for \"add\"" in bad.content[0].text
    asyncio.run(main())


def test_mcp_serve_passes_on_another_servers_tools_with_their_progress():
    import json

    async def main():
        async with serve("legacy", "--server", json.dumps(notes("fastmcp"))) as client:
            seen = []

            async def progress(done, total, message):
                seen.append((done, total))

            slow = await client.call_tool("slow", {"seconds": 0.3}, progress_callback=progress)
            assert not slow.is_error and slow.structured_content == {"result": "slept 0.3s"}
            assert seen and seen[-1] == (3.0, 3.0)
            failed = await client.call_tool("fail", {"reason": "relayed"})
            assert failed.is_error and "failed on purpose: relayed" in failed.content[0].text
    asyncio.run(main())
