"""The steps tree the library writes follows docs/ui-ir.schema.json."""

import json
from pathlib import Path

import jsonschema

import streamchatai

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "ui-ir.schema.json").read_text())


def validate(tree):
    jsonschema.Draft202012Validator(SCHEMA).validate(tree)


def test_schema_is_valid_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_bundled_message_tree_follows_the_schema():
    message = json.loads((ROOT / "examples-c" / "data" / "message.json").read_text())
    validate(streamchatai.render_steps(message["attachments"], now_ms=1, reasoning_started_ms={"r1": 0}))


def test_every_update_of_the_bundled_stream_follows_the_schema():
    for line in (ROOT / "examples-c" / "data" / "conversation.jsonl").read_text().splitlines():
        validate(streamchatai.render_steps(json.loads(line)["attachments"]))


def test_schema_rejects_a_broken_tree():
    tree = streamchatai.render_steps([{"type": "ai_tool_call", "id": "c"}])
    tree["root"]["children"][0]["props"]["icon"] = "rocket"
    try:
        validate(tree)
    except jsonschema.ValidationError:
        return
    raise AssertionError("a tool call with an unknown icon must not validate")
