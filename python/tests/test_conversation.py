"""The conversation model through the C ABI: the bundled streams replayed into one tree
(steps, prompts, OpenUI and A2UI replies), its ops, and bad input."""

import json
from pathlib import Path

import jsonschema
import pytest

from streamchatai import Conversation
from streamchatai.errors import InvalidArgument, InvalidJSON

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "examples-c" / "data"
SCHEMA = json.loads((ROOT / "docs" / "ui-ir.schema.json").read_text())


def lines(name):
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


def find(node, node_id):
    if node["id"] == node_id:
        return node
    for child in node["children"]:
        found = find(child, node_id)
        if found:
            return found
    return None


def apply(tree, ops):
    """Applies ops to a copy of tree, as a front end would."""
    import copy
    root = copy.deepcopy(tree)
    for op in ops:
        if op["op"] == "replace":
            root = copy.deepcopy(op["node"])
        elif op["op"] == "remove":
            def drop(node):
                node["children"] = [c for c in node["children"] if c["id"] != op["id"]]
                for c in node["children"]:
                    drop(c)
            drop(root)
        elif op["op"] == "insert":
            find(root, op["parent"])["children"].insert(op["index"], copy.deepcopy(op["node"]))
        elif op["op"] == "update":
            node = find(root, op["id"])
            for key in ("props", "state", "events", "bindings", "entrance"):
                node[key] = op[key]
    return root


@pytest.mark.parametrize("stream", ["conversation.jsonl", "openui-conversation.jsonl", "a2ui-conversation.jsonl"])
def test_a_bundled_stream_renders_as_one_tree_and_its_ops_rebuild_it(stream):
    conversation = Conversation("u_123", "linux-7f3a", now_ms=1732950000000)
    shown = {"id": "conversation", "type": "conversation", "props": {}, "children": [], "events": [], "state": "ready",
             "bindings": {}, "entrance": 0}
    for update in lines(stream):
        conversation.update(update)
        rendered = conversation.render()
        jsonschema.Draft202012Validator(SCHEMA).validate({"ir": rendered["ir"], "root": rendered["root"]})
        shown = apply(shown, rendered["ops"])
        assert shown == rendered["root"]
    ids = []

    def collect(node):
        ids.append(node["id"])
        for child in node["children"]:
            collect(child)
    collect(shown)
    assert len(ids) == len(set(ids)), "ids are unique across the conversation"
    assert [m["type"] for m in shown["children"]] == ["message"] * len(shown["children"])


def test_openui_replies_render_inside_their_messages():
    conversation = Conversation("u1", "i1")
    for update in lines("openui-conversation.jsonl"):
        conversation.update(update)
    root = conversation.render()["root"]
    ui = [child for message in root["children"] for child in message["children"] if child["type"] == "generative_ui"]
    assert ui and all(node["props"]["format"] == "openui" for node in ui)


def test_an_approval_prompt_shows_for_this_install_only():
    call = {"type": "ai_tool_call", "id": "c1", "name": "share_location", "status": "awaiting_approval", "executor": "client",
            "target_user_id": "u1", "target_client_id": "i1", "approval": {"title": "Share your location?"}}
    here = Conversation("u1", "i1")
    here.update({"id": "m", "attachments": [call]})
    assert find(here.render()["root"], "m/approval/c1")["props"]["title"] == "Share your location?"
    elsewhere = Conversation("u1", "i2")
    elsewhere.update({"id": "m", "attachments": [call]})
    assert find(elsewhere.render()["root"], "m/approval/c1") is None


def test_bad_updates_and_configs_are_errors_that_say_where():
    conversation = Conversation("u1", "i1")
    with pytest.raises(InvalidArgument, match=r"\$\.id"):
        conversation.update({"text": "no id"})
    with pytest.raises(InvalidArgument, match=r"\$\.text"):
        conversation.update({"id": "m", "text": 5})
    with pytest.raises(InvalidJSON):
        from streamchatai._native import lib
        from streamchatai._calls import check
        check(lib.sca_conversation_update(conversation._live(), b"{not json"))
    with pytest.raises(InvalidArgument, match=r"\$\.ui\.renderers"):
        Conversation("u1", "i1", ui={"renderers": ["vega"]})
    with pytest.raises(InvalidArgument, match=r"\$\.client_id"):
        Conversation("u1", "")
    assert conversation.render()["root"]["children"] == []
