"""Renderers that own their reply state, through the Python binding: a
reply whose view changes by itself asks for a new render through the render
callback; built-in renderers are chosen in the host's config; plugin tools
reach the UI host."""

import threading
from pathlib import Path

import pytest

import streamchatai
from streamchatai import UIHost, ui_diff

ROOT = Path(__file__).resolve().parents[2]
TEST_PLUGINS = ROOT / "build" / "test-plugins"
PLUGINS = ROOT / "build" / "plugins"
TICKER = {"ai_ui": {"v": 1, "format": "ticker", "content": {}}}


def test_a_view_that_changes_by_itself_asks_for_a_new_render():
    asked = []
    heard = threading.Event()

    def on_render(message_id):
        asked.append(message_id)
        heard.set()

    host = UIHost(on_render=on_render)
    host.load_plugins(TEST_PLUGINS)
    host.receive("m1", TICKER)
    before = host.render("m1")
    assert before["root"]["props"]["count"] == 0
    assert host.event("m1", node_id="tick", name="tap")["actions"] == []
    assert heard.wait(10)
    assert asked == ["m1"]
    after = host.render("m1")
    assert after["root"]["props"]["count"] == 1
    assert ui_diff(before, after) == [{"op": "update", "id": "ticker", "props": {"count": 1}, "state": "ready", "events": [],
                                     "bindings": {}, "entrance": 0}]


def test_built_in_renderers_are_chosen_by_name_and_unknown_ones_refused():
    with pytest.raises(streamchatai.InvalidArgument, match=r"\$\.renderers\[0\]: unknown renderer \"klingon\""):
        UIHost(renderers=["klingon"])
    assert UIHost(renderers=[]).capabilities["renderers"] == []


def test_the_ui_host_runs_a_plugin_folder_s_tools_under_its_policy():
    host = UIHost()
    report = host.load_plugins(PLUGINS)
    assert any(p.get("name") == "weather" and p["status"] == "ok" for p in report["plugins"])
    result = host.run_tool("get_weather", {"city": "Ohrid"}, user_initiated=False)
    assert result["status"] == "completed" and "call_id" not in result
    assert host.run_tool("shout", {"s": "hi"}, user_initiated=False)["status"] == "failed"
    assert host.run_tool("shout", {"s": "hi"}, user_initiated=True)["output"] == {"result": "HI!"}
