"""Generative UI through the Python binding: documents, the cards renderer
plugin, events and actions, tools under the read-only policy, links,
capabilities, the fence extractor and the IR diff."""

import json
import threading
from pathlib import Path

import jsonschema
import pytest

import streamchatai
from streamchatai import FenceExtractor, UIHost, ui_diff

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "build" / "plugins"
IR_SCHEMA = json.loads((ROOT / "docs" / "ui-ir.schema.json").read_text())


def ui(content, status="complete", fmt="cards", **extra):
    return {"ai_ui": {"v": 1, "format": fmt, "status": status, "content": content, **extra}}


CARDS = [{"id": "naum", "title": "St. Naum", "action": "ask_about"}, {"id": "lake", "title": "Lake Ohrid"}]


@pytest.fixture
def host():
    sent, problems = [], []
    host = UIHost(instructions="Show places as cards.", send=lambda a: sent.append(a) or True,
                  on_error=lambda m, p: problems.append((m, p)))
    host.load_plugins(PLUGINS)
    host.sent, host.problems = sent, problems
    return host


def test_a_cards_reply_renders_to_ir_that_follows_the_schema(host):
    assert host.receive("m1", ui(CARDS, version="1.0")) == {"ui": True}
    tree = host.render("m1")
    assert [c["id"] for c in tree["root"]["children"]] == ["card-naum", "card-lake"]
    jsonschema.Draft202012Validator(IR_SCHEMA).validate(tree)


def test_malformed_or_unknown_ui_shows_the_text(host):
    assert host.receive("a", {"ai_ui": {"v": 2, "format": "cards", "content": []}})["ui"] is False
    assert "no renderer reads vega" in host.receive("b", ui({}, fmt="vega"))["reason"]
    assert host.receive("c", {})["reason"] == "the message has no ai_ui field"
    assert host.render("a") is None and host.render("b") is None


def test_a_tap_becomes_an_action_sent_in_order(host):
    host.receive("m1", ui(CARDS))
    host.render("m1")
    outcome = host.event("m1", node_id="card-naum", name="tap")
    assert outcome["actions"] == [{"message_id": "m1", "format": "cards", "name": "ask_about", "label": "St. Naum",
                                   "payload": {"index": 0, "title": "St. Naum"}}]
    assert host.sent == outcome["actions"] and outcome["unsent"] == 0
    with pytest.raises(streamchatai.NotFound):
        host.event("m1", node_id="card-nowhere", name="tap")
    with pytest.raises(streamchatai.InvalidArgument):
        host.event("m1", node_id="card-lake", name="tap")


def test_actions_wait_while_sending_fails_and_go_out_in_order():
    online = threading.Event()
    sent = []

    def send(action):
        if not online.is_set():
            raise ConnectionError("offline")
        sent.append(action["payload"]["title"])
        return True

    host = UIHost(send=send)
    host.load_plugins(PLUGINS)
    host.receive("m", ui([{"id": "a", "title": "A", "action": "x"}, {"id": "b", "title": "B", "action": "x"}]))
    host.render("m")
    assert host.event("m", node_id="card-a", name="tap")["unsent"] == 1
    assert host.event("m", node_id="card-b", name="tap")["unsent"] == 2
    online.set()
    assert host.retry_actions("m")["unsent"] == 0
    assert sent == ["A", "B"]


def test_tools_run_under_the_read_only_policy(host):
    @host.tool({"name": "calendar_events", "description": "Events", "inputSchema": {"type": "object"},
                "annotations": {"readOnlyHint": True}})
    def calendar_events(call):
        return {"events": ["Boat trip"]}, "1 event"

    @host.tool({"name": "book_table", "description": "Books", "inputSchema": {"type": "object"}})
    def book_table(call):
        return {"booked": True}

    assert host.run_tool("calendar_events", user_initiated=False)["status"] == "completed"
    refused = host.run_tool("book_table", user_initiated=False)
    assert refused["status"] == "failed" and "only when the user taps" in refused["error"]
    assert host.run_tool("book_table", user_initiated=True)["output"] == {"booked": True}
    host.receive("m", ui([{"id": "t", "title": "Book", "tool": {"name": "book_table", "arguments": {}}}]))
    host.render("m")
    runs = host.event("m", node_id="card-t", name="tap")["tool_runs"]
    assert runs[0]["tool"] == "book_table" and runs[0]["result"]["status"] == "completed"


def test_links_open_only_for_allowed_schemes():
    opened = []
    host = UIHost(open=lambda url: opened.append(url) or True)
    assert host.open("https://example.com") and host.open("mailto:a@example.com")
    assert not host.open("javascript:alert(1)") and not host.open("file:///etc/passwd")
    assert opened == ["https://example.com", "mailto:a@example.com"]


def test_components_and_capabilities(host):
    host.add_component({"name": "place_card", "description": "A place.",
                        "parameters": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
                        "events": [{"name": "ask_about"}]})
    with pytest.raises(streamchatai.Refused):
        host.add_component({"name": "place_card"})
    with pytest.raises(streamchatai.InvalidArgument):
        host.add_component({"name": "bad name"})
    capabilities = host.capabilities
    assert capabilities["v"] == 1 and capabilities["components"][0]["name"] == "place_card"
    renderers = {r["format"]: r for r in capabilities["renderers"]}
    renderer = renderers["cards"]
    assert renderer["fence"] == "cards-json"
    assert renderer["instructions"].startswith("Show places as cards.\n\nTo answer with cards")
    assert "- place_card(title: string)" in renderer["instructions"]
    # The built-in OpenUI renderer calls app components by their PascalCase name.
    assert renderers["openui"]["fence"] == "openui-lang"
    assert "PlaceCard(title: string) - A place." in renderers["openui"]["instructions"]


def test_fence_extractor_streams_chunk_by_chunk():
    reply = "Two places:\n```cards-json\n[{\"id\": \"a\", \"title\": \"A\"}]\n```\nEnjoy!\n"
    for size in (1, 2, 5, 13):
        extractor = FenceExtractor({"cards-json": "cards"})
        statuses = set()
        for i in range(0, len(reply), size):
            state = extractor.feed(reply[i:i + size])
            if state["ai_ui"]:
                statuses.add(state["ai_ui"]["status"])
        final = extractor.finish()
        assert final["text"] == "Two places:\nEnjoy!\n"
        assert final["ai_ui"]["content"] == [{"id": "a", "title": "A"}]
        assert "complete" in statuses


def test_fence_extractor_leaves_out_ui_over_the_limit():
    extractor = FenceExtractor({"a2ui": "a2ui"}, max_custom_data_bytes=100)
    extractor.feed("Look:\n```a2ui\n" + "{\"x\": 1}\n" * 30 + "```\n")
    final = extractor.finish()
    assert final["ai_ui"] is None and final["dropped_for_size"] is True


def test_ui_diff_and_stable_ids_while_streaming(host):
    host.receive("m", ui([{"id": "a", "title": "A"}], status="streaming"))
    first = host.render("m")
    host.receive("m", ui([{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]))
    second = host.render("m")
    ops = ui_diff(first, second)
    assert [op["op"] for op in ops] == ["update", "insert"]
    assert ops[1]["node"]["id"] == "card-b" and ops[1]["parent"] == "cards"
    with pytest.raises(streamchatai.InvalidArgument):
        ui_diff({"ir": 1, "root": {"type": "x"}}, second)
    # Two nodes with one id give no diff that means anything: refused, with both places.
    twice = {"id": "r", "type": "x", "children": [{"id": "a", "type": "t"}, {"id": "a", "type": "t"}]}
    with pytest.raises(streamchatai.InvalidArgument, match=r'new_json: \$\.children\[1\]\.id: the id "a" names two nodes'):
        ui_diff(first, twice)
