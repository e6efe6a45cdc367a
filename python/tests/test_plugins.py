"""Plugin tools through the Python binding, beside a Python tool in one runner."""

import threading
from pathlib import Path

import pytest

import streamchatai
from streamchatai import Runner

BUILD = Path(__file__).resolve().parents[2] / "build"


def call(call_id, tool, **arguments):
    return {"type": "ai_tool_call", "id": call_id, "name": tool, "status": "awaiting_client", "executor": "client",
            "target_user_id": "u1", "target_client_id": "i1", "arguments": arguments}


@pytest.fixture
def runner():
    if not (BUILD / "plugins" / "weather" / "manifest.json").exists():
        pytest.fail("build/plugins is missing: run `make plugins` (make test does)")
    runner = Runner("u1", "i1")

    @runner.tool({"name": "python_upper", "description": "Upper-cases text in Python",
                  "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}})
    def python_upper(call):
        return {"text": call["arguments"]["text"].upper()}, "Shouted"

    return runner


def run_all(runner, reply, expected):
    results = {}
    done = threading.Event()
    lock = threading.Lock()

    def send(call, result):
        with lock:
            results[call["id"]] = result
            if len(results) == expected:
                done.set()
        return True

    runner.run(reply, send)
    assert done.wait(20), f"only {sorted(results)} arrived"
    return results


def test_plugin_tools_run_beside_python_tools(runner):
    report = runner.load_plugins(BUILD / "plugins")
    assert [p["folder"] for p in report["plugins"]] == ["cards", "mathlib", "unitconv", "weather"]
    assert all(p["status"] == "ok" for p in report["plugins"])
    results = run_all(runner, [
        call("py", "python_upper", text="hi"),
        call("weather", "get_weather", city="Lisbon"),
        call("ffi", "hypot", x=5, y=12),
        call("ffi-text", "shout", s="ok"),
        call("cpp", "convert_length", value=12, **{"from": "in", "to": "ft"}),
    ], 5)
    assert results["py"]["output"] == {"text": "HI"}
    assert results["weather"]["output"]["city"] == "Lisbon"
    assert results["ffi"]["output"] == {"result": 13.0}
    assert results["ffi-text"]["output"] == {"result": "OK!"}
    assert results["cpp"]["output"] == {"value": 1.0, "unit": "ft"}
    names = [r["name"] for r in runner.registrations]
    assert names == sorted(names) and "python_upper" in names and "get_weather" in names


def test_a_crashing_process_plugin_fails_the_call_and_python_lives(runner):
    runner.load_plugins(BUILD / "test-plugins")
    results = run_all(runner, [call("boom", "segfault"), call("fine", "python_upper", text="still here")], 2)
    assert results["boom"] == {"call_id": "boom", "status": "failed",
                               "error": 'The plugin "crasher" crashed (SIGSEGV) while running the tool "segfault".'}
    assert results["fine"]["output"] == {"text": "STILL HERE"}


def test_bad_plugins_are_reported_and_listed(runner):
    report = runner.load_plugins(BUILD / "test-plugins")
    bad = next(p for p in report["plugins"] if p["folder"] == "badmanifest")
    assert bad["status"] == "skipped" and bad["file"].endswith("badmanifest/manifest.json")
    listed = {p["name"]: p for p in streamchatai.plugins_list()}
    assert {"crasher", "hanger", "wrongabi"} <= set(listed)
    with pytest.raises(streamchatai.NotFound):
        runner.load_plugins("/no/such/folder")
