"""Tests of the Python binding: decoding and presenting steps, and the error contract."""

import ctypes
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import streamchatai
from streamchatai._native import lib

ROOT = Path(__file__).resolve().parents[2]
MESSAGE = json.loads((ROOT / "examples-c" / "data" / "message.json").read_text())


def test_versions_match_the_header():
    assert streamchatai.abi_version() == 1
    header = (Path(__file__).resolve().parents[2] / "include" / "streamchatai.h").read_text()
    assert f'#define SCA_VERSION_STRING "{streamchatai.version()}"' in header


def test_decode_keeps_order_and_skips_non_steps():
    parts = streamchatai.decode_parts(MESSAGE["attachments"])
    assert [p["id"] for p in parts] == [
        "r1", "call_weather", "call_location", "call_linear", "call_calendar",
        "ai_tool_call-6", "cite-1", "r2", "call_fail",
    ]
    assert parts[5]["has_own_id"] is False


def test_decode_fills_defaults_and_typed_views():
    weather = streamchatai.decode_parts(MESSAGE["attachments"])[1]["tool_call"]
    assert weather["arguments"] == {"city": "Amsterdam"}
    assert weather["approval"] is None
    bare = streamchatai.decode_parts([{"type": "ai_tool_call"}])[0]["tool_call"]
    assert bare["status"] == "running" and bare["executor"] == "server" and bare["name"] is None
    assert streamchatai.decode_parts([{"type": "ai_reasoning"}])[0]["reasoning"]["status"] == "completed"


def test_newer_version_keeps_payload_without_typed_view():
    part = streamchatai.decode_parts([{"type": "ai_reasoning", "id": "r", "v": 2, "x": [1]}])[0]
    assert part["v"] == 2 and part["supported"] is False
    assert part["reasoning"] is None and part["tool_call"] is None
    assert part["payload"]["x"] == [1]


def test_launch_url_and_declined():
    parts = {p["id"]: p for p in streamchatai.decode_parts(MESSAGE["attachments"])}
    auth = parts["call_linear"]["tool_call"]["authorization"]
    assert auth["launch_url"] == "https://agent.example.com/connectors/oauth/launch/linear#h_7f3a9c"
    assert parts["call_calendar"]["tool_call"]["is_declined"] is True


def test_render_tree_headers_and_icons():
    tree = streamchatai.render_steps(MESSAGE["attachments"])
    assert tree["ir"] == 1
    nodes = {n["id"]: n for n in tree["root"]["children"]}
    assert nodes["r1"]["props"]["header"] == "Thought for 12s"
    assert [c["id"] for c in nodes["r1"]["children"]] == ["r1/p0", "r1/p1"]
    assert nodes["call_weather"]["props"]["icon"] == "checkmark"
    assert nodes["call_location"]["props"]["icon"] == "hand"
    assert nodes["call_calendar"]["props"]["status_label"] == "Declined"
    assert nodes["cite-1"]["type"] == "unsupported_step"


def test_render_accepts_decoded_parts_and_options():
    parts = streamchatai.decode_parts([{"type": "ai_reasoning", "id": "r", "status": "streaming"}])
    tree = streamchatai.render_steps(
        parts, now_ms=10_500, reasoning_started_ms={"r": 3_000},
        reasoning_text={"r": "one\n\ntwo **b**"}, strings={"reasoning.thinking_for": "Denkt… {seconds}s"},
    )
    node = tree["root"]["children"][0]
    assert node["props"]["header"] == "Denkt… 7s"
    assert node["children"][1]["props"]["runs"][1] == {
        "text": "b", "bold": True, "italic": False, "code": False, "href": None,
    }


def test_unknown_string_key_is_refused_with_its_path():
    with pytest.raises(streamchatai.InvalidArgument) as error:
        streamchatai.render_steps([], strings={"reasoning.thoght": "x"})
    assert "$.strings" in error.value.message and "reasoning.thoght" in error.value.message


def test_render_refuses_bad_parts_by_path_and_type():
    with pytest.raises(streamchatai.InvalidJSON) as error:
        streamchatai.render_steps('[{"type": "ai_reasoning", "preview": "a"}, tru]')
    assert "parts_or_attachments_json" in error.value.message and "$[1]" in error.value.message
    with pytest.raises(streamchatai.InvalidArgument) as error:
        streamchatai.render_steps('{"type": "ai_reasoning"}')
    assert "expected a JSON array" in error.value.message


def test_render_of_text_equals_render_of_the_list():
    text = json.dumps(MESSAGE["attachments"])
    assert streamchatai.render_steps(text) == streamchatai.render_steps(MESSAGE["attachments"])


def test_invalid_json_names_offset_and_path():
    with pytest.raises(streamchatai.InvalidJSON) as error:
        streamchatai.decode_parts('[{"type": "ai_tool_call", "id": tru}]')
    assert "$[0].id" in error.value.message and "byte 32" in error.value.message
    assert error.value.code == "SCA_E_INVALID_JSON"


def test_not_an_array_is_an_invalid_argument():
    with pytest.raises(streamchatai.InvalidArgument, match="expected a JSON array"):
        streamchatai.decode_parts({"type": "ai_reasoning"})


def test_invalid_utf8_is_refused():
    with pytest.raises(streamchatai.InvalidJSON, match="invalid UTF-8"):
        streamchatai.decode_parts(b'[{"type": "ai_reasoning", "id": "\xc3\x28"}]')
    with pytest.raises(streamchatai.InvalidJSON, match="invalid UTF-8"):
        streamchatai.decode_parts([{"type": "ai_reasoning", "id": "\ud800"}])


def test_null_pointers_are_refused_not_crashes():
    out = ctypes.c_void_p()
    assert lib.sca_parts_decode(None, ctypes.byref(out)) == 1
    assert out.value is None
    assert b"attachments_json is NULL" in lib.sca_last_error()
    assert lib.sca_parts_decode(b"[]", None) == 1
    assert lib.sca_steps_render(None, None, ctypes.byref(out)) == 1


def test_wrong_types_read_as_missing():
    part = streamchatai.decode_parts([{"type": "ai_tool_call", "status": 5, "duration_ms": "9", "arguments": [1]}])[0]
    assert part["tool_call"]["status"] == "running"
    assert part["tool_call"]["duration_ms"] is None
    assert part["tool_call"]["arguments"] is None


def test_depth_and_size_limits():
    with pytest.raises(streamchatai.LimitExceeded, match="512"):
        streamchatai.decode_parts("[" * 100_000 + "]" * 100_000)
    old = streamchatai.limit(streamchatai.LIMIT_INPUT_BYTES, 100)
    try:
        with pytest.raises(streamchatai.LimitExceeded, match="over the limit of 100 bytes"):
            streamchatai.decode_parts([{"type": "ai_reasoning", "preview": "x" * 200}])
    finally:
        assert streamchatai.limit(streamchatai.LIMIT_INPUT_BYTES, old) == 100
    with pytest.raises(streamchatai.InvalidArgument):
        streamchatai.limit(99)


def test_huge_input_decodes():
    preview = "word " * 400_000  # 2 MB of reasoning
    parts = streamchatai.decode_parts([{"type": "ai_reasoning", "id": "r", "preview": preview}] * 3)
    assert len(parts) == 3 and len(parts[2]["reasoning"]["preview"]) == len(preview)


def test_eight_threads_keep_their_own_results_and_errors():
    errors = []

    def work(n):
        try:
            for i in range(200):
                parts = streamchatai.decode_parts([{"type": "ai_tool_call", "id": f"t{n}-{i}"}])
                assert parts[0]["id"] == f"t{n}-{i}"
                with pytest.raises(streamchatai.InvalidJSON) as error:
                    streamchatai.decode_parts("[" + " " * n + "x]")
                assert f"byte {n + 1}" in error.value.message
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_loading_installs_no_signal_handlers():
    code = (
        "import re\n"
        "def caught():\n"
        "    return int(re.search(r'SigCgt:\\s*([0-9a-f]+)', open('/proc/self/status').read()).group(1), 16)\n"
        "before = caught()\n"
        "import streamchatai\n"
        "streamchatai.decode_parts([{'type': 'ai_reasoning'}])\n"
        "print(before, caught())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "python")},
    )
    before, after = result.stdout.split()
    assert before == after


def test_decoding_a_list_gives_what_decoding_its_text_gives_with_the_callers_own_payloads():
    import json as _json
    attachments = MESSAGE["attachments"] + [{"type": "image", "url": "x"}, {"type": "ai_tool_call", "v": 2}]
    from_list = streamchatai.decode_parts(attachments)
    from_text = streamchatai.decode_parts(_json.dumps(attachments))
    assert from_list == from_text
    steps = [a for a in attachments if str(a.get("type", "")).startswith("ai_")]
    assert all(part["payload"] is step for part, step in zip(from_list, steps))
