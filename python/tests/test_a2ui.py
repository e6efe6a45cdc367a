"""The built-in A2UI renderer through the Python binding (and so through the
C ABI), against a real producer: streams built with Google's A2UI Python SDK
(a2ui-agent-sdk 0.9.0 / a2ui-core 0.4.0) render without errors, the values the
SDK's own state model resolves are the ones in the IR, and on broken streams
the SDK's validate_payload verdicts agree with the problems the renderer
reports."""

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from a2ui.builder.v0_9 import Action, ActionEvent, Button, Card, Column, DataBinding, Text
from a2ui.core import DataContext, MessageProcessor
from a2ui.core.basic_catalog import BasicCatalog
from a2ui.core.schema.v0_9 import (CreateSurface, CreateSurfaceMessage, UpdateComponents, UpdateComponentsMessage,
                                   UpdateDataModel, UpdateDataModelMessage)
from a2ui.utils.validation import validate_payload

from streamchatai import UIHost
from trees import nodes

ROOT = Path(__file__).resolve().parents[2]
IR_SCHEMA = json.loads((ROOT / "docs" / "ui-ir.schema.json").read_text())
SIGNUP = (ROOT / "examples-c" / "data" / "signup.a2ui.jsonl").read_text()
V10_CATALOG = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"


def a2ui(content, status="complete", version="v1.0"):
    return {"ai_ui": {"v": 1, "format": "a2ui", "version": version, "status": status, "content": content}}


def by_id(tree, node_id):
    return next(n for n in nodes(tree["root"]) if n["id"] == node_id)


@pytest.fixture
def host():
    sent, problems = [], []
    h = UIHost(renderers=["a2ui"], send=lambda a: sent.append(a) or True, on_error=lambda m, p: problems.append(p))
    h.sent, h.problems = sent, problems
    return h


def test_a_stream_renders_a_line_at_a_time_to_ir_that_follows_the_schema(host):
    lines = SIGNUP.splitlines(keepends=True)
    for end in range(1, len(lines)):
        assert host.receive("m1", a2ui("".join(lines[:end]), "streaming")) == {"ui": True}
        tree = host.render("m1")
        jsonschema.validate(tree, IR_SCHEMA)
        assert tree["format"] == "a2ui" and tree["streaming"] is True
    host.receive("m1", a2ui(SIGNUP))
    tree = host.render("m1")
    jsonschema.validate(tree, IR_SCHEMA)
    assert by_id(tree, "title")["props"]["text"] == "# Join the Rowing Club"
    assert [n["props"]["text"] for n in by_id(tree, "plans")["children"]] == ["1. Starter (€9.00 a month)", "2. Crew (€24.50 a month)"]
    assert by_id(tree, "plans")["children"][1]["id"] == "plan_row@/plans/1"
    assert host.problems == []


def test_the_form_writes_its_bindings_and_the_tap_sends_the_context_and_data_model_without_the_password(host):
    host.receive("m1", a2ui(SIGNUP))
    tree = host.render("m1")
    assert by_id(tree, "submit")["props"]["disabled"] is True
    assert host.event("m1", node_id="submit", name="tap")["actions"] == []
    host.event("m1", node_id="plan", name="select", value="crew")
    host.event("m1", node_id="email", name="change", value="ada@example.com")
    host.event("m1", node_id="password", name="change", value="hunter2hunter2")
    outcome = host.event("m1", node_id="terms", name="change", value=True)
    assert outcome["actions"] == []
    assert by_id(host.render("m1"), "submit")["props"]["disabled"] is False
    outcome = host.event("m1", node_id="submit", name="tap")
    [action] = outcome["actions"]
    assert action["name"] == "sign_up" and action["label"] == "Sign up" and action["format"] == "a2ui"
    assert action["payload"]["email"] == "ada@example.com" and action["payload"]["plan"] == ["crew"]
    model = action["payload"]["a2uiRendererDataModel"]["surfaces"]["signup"]
    assert model["form"]["terms"] is True and "password" not in model["form"]
    assert "hunter2hunter2" not in json.dumps(host.sent)


def test_a_v0_9_stream_from_the_sdk_builder_renders_without_errors(host):
    tree = Card(id="root", child=Column(children=[
        Text(text="Order status", variant="h2"),
        Text(text=DataBinding(path="/order/status")),
        Button(child=Text(text="Refresh"), action=Action(event=ActionEvent(name="refresh", context={"orderId": "42"}))),
    ]))
    catalog = BasicCatalog("v0.9")
    messages = [
        CreateSurfaceMessage(create_surface=CreateSurface(surface_id="s1", catalog_id=catalog.catalog_id)),
        UpdateComponentsMessage(update_components=UpdateComponents(surface_id="s1", components=tree.flatten())),
        UpdateDataModelMessage(update_data_model=UpdateDataModel(surface_id="s1", path="/order", value={"status": "shipped"})),
    ]
    jsonl = "\n".join(m.model_dump_json(by_alias=True, exclude_none=True) for m in messages) + "\n"
    validate_payload([catalog], [json.loads(line) for line in jsonl.splitlines()])
    host.receive("m1", a2ui(jsonl, version="v0.9"))
    rendered = host.render("m1")
    assert host.problems == []
    texts = [n["props"].get("text") for n in nodes(rendered["root"]) if n["type"] == "Text"]
    assert "shipped" in texts and "Order status" in texts
    button = next(n for n in nodes(rendered["root"]) if n["type"] == "Button")
    [action] = host.event("m1", node_id=button["id"], name="tap")["actions"]
    assert action["name"] == "refresh" and action["payload"] == {"orderId": "42"} and action["label"] == "Refresh"


def v10_stream():
    return [
        {"version": "v1.0", "createSurface": {"surfaceId": "s1", "catalogId": V10_CATALOG}},
        {"version": "v1.0", "updateComponents": {"surfaceId": "s1", "components": [
            {"id": "root", "component": "Column", "children": ["t1", "b1"]},
            {"id": "t1", "component": "Text", "text": {"@path": "/user/name"}},
            {"id": "b1", "component": "Button", "child": "bt", "action": {"event": {"name": "go"}}},
            {"id": "bt", "component": "Text", "text": {"@call": "formatString", "args": {"value": "Go, ${/user/name}"}}}]}},
        {"version": "v1.0", "updateDataModel": {"surfaceId": "s1", "path": "/user", "value": {"name": "Ada"}}},
    ]


def test_the_values_the_sdk_resolves_in_a_v1_0_stream_are_the_ones_in_the_ir(host):
    stream = v10_stream()
    validate_payload([BasicCatalog("v1.0")], stream)
    processor = MessageProcessor([BasicCatalog("v1.0")])
    processor.process_messages(copy.deepcopy(stream))
    surface = processor.model.get_surface("s1")
    context = DataContext(surface, "/")
    expected = {i: context.resolve_dynamic_value(surface.components_model.get(i).properties["text"]) for i in ("t1", "bt")}
    assert expected == {"t1": "Ada", "bt": "Go, Ada"}
    host.receive("m1", a2ui("\n".join(json.dumps(m) for m in stream)))
    tree = host.render("m1")
    assert {i: by_id(tree, i)["props"]["text"] for i in ("t1", "bt")} == expected
    assert host.problems == []


def broken(kind):
    stream = v10_stream()
    components = stream[1]["updateComponents"]["components"]
    if kind == "dangling":
        components[0]["children"].append("ghost")
    elif kind == "missing root":
        components[0]["id"] = "top"
    elif kind == "unknown type":
        components[1]["component"] = "Marquee"
    elif kind == "cycle":
        components[0]["children"] = ["root"]
    return stream


@pytest.mark.parametrize("kind, code", [("dangling", "DANGLING_REFERENCE"), ("missing root", "DANGLING_REFERENCE"),
                                        ("unknown type", "UNKNOWN_COMPONENT"), ("cycle", "CIRCULAR_REFERENCE"), ("valid", None)])
def test_the_sdk_validator_and_the_renderer_agree_on_broken_streams(host, kind, code):
    stream = broken(kind)
    try:
        validate_payload([BasicCatalog("v1.0")], copy.deepcopy(stream))
        sdk_error = None
    except Exception as error:  # A2uiValidationError, A2uiIntegrityError, A2uiRecursionError
        sdk_error = str(error)
    host.receive("m1", a2ui("\n".join(json.dumps(m) for m in stream)))
    host.render("m1")
    if code is None:
        assert sdk_error is None and host.problems == []
    else:
        assert sdk_error is not None, kind
        assert any(code in p for p in host.problems), (kind, host.problems)
        # Both name the component at fault.
        culprit = {"dangling": "ghost", "missing root": "root", "unknown type": "Marquee", "cycle": "root"}[kind]
        assert culprit in sdk_error and any(culprit in p for p in host.problems)


def test_a_bad_line_is_reported_and_the_rest_applies(host):
    stream = "\n".join(json.dumps(m) for m in v10_stream()[:2]) + "\n{not json\n" + json.dumps(v10_stream()[2]) + "\n"
    host.receive("m1", a2ui(stream))
    tree = host.render("m1")
    assert by_id(tree, "t1")["props"]["text"] == "Ada"
    assert any("line 3" in p and "INVALID_JSON" in p for p in host.problems)


@pytest.mark.parametrize("layout", ["pretty-printed", "a wrapper in text", "several on a line"])
def test_messages_as_models_write_them_render_as_jsonl_does_streamed_or_whole(host, layout):
    stream = v10_stream()
    text = {"pretty-printed": "\n".join(json.dumps(m, indent=2) for m in stream),
            "a wrapper in text": json.dumps({"messages": stream}, indent=1),
            "several on a line": "".join(json.dumps(m) for m in stream)}[layout]
    for end in range(7, len(text), 7):
        host.receive("m1", a2ui(text[:end], "streaming"))
        host.render("m1")
    host.receive("m1", a2ui(text))
    tree = host.render("m1")
    assert by_id(tree, "t1")["props"]["text"] == "Ada"
    assert host.problems == []


def test_a_broken_pretty_printed_message_is_one_problem_and_the_lines_after_it_apply(host):
    broken = json.dumps(v10_stream()[0], indent=2).replace('"surfaceId": "s1",', '"surfaceId": "s1"')
    lines = broken.count("\n") + 1
    host.receive("m1", a2ui(broken + "\n" + "\n".join(json.dumps(m) for m in v10_stream())))
    tree = host.render("m1")
    assert by_id(tree, "t1")["props"]["text"] == "Ada"
    assert len(host.problems) == 1 and f"line 1: INVALID_JSON: lines 1–{lines} are not JSON" in host.problems[0]


@pytest.mark.parametrize("indent", [None, 2])
def test_the_messages_after_a_message_cut_between_two_tokens_apply_as_they_arrive(host, indent):
    # The cut line is still the start of some JSON; the next line, a message as far in as it began, ends it.
    stream = v10_stream()
    cut = json.dumps(stream[1])[:json.dumps(stream[1]).index(",") + 1]
    text = "\n".join([json.dumps(stream[0], indent=indent), cut] + [json.dumps(m, indent=indent) for m in stream[1:]])
    text += "\n"
    host.receive("m1", a2ui(text, "streaming"))
    assert by_id(host.render("m1"), "t1")["props"]["text"] == "Ada"
    host.receive("m1", a2ui(text))
    assert by_id(host.render("m1"), "t1")["props"]["text"] == "Ada"
    line = 2 if indent is None else json.dumps(stream[0], indent=indent).count("\n") + 2
    assert host.problems == [f"a2ui line {line}: INVALID_JSON: the message is not JSON (unexpected end of input in an object: "
                             f"expected a key in double quotes at byte {len(cut)} ($)); it is skipped"]


def test_the_capabilities_name_the_catalog_and_the_options_are_read():
    h = UIHost(renderers=["a2ui"], renderer_options={"a2ui": {"app_catalog_id": "example.com:catalog", "remove_components": ["Video"]}})
    [renderer] = h.capabilities["renderers"]
    assert renderer["format"] == "a2ui" and renderer["fence"] == "a2ui" and renderer["catalog_id"] == "example.com:catalog"
    assert "- Video(" not in renderer["instructions"] and "- Text(" in renderer["instructions"]
    with pytest.raises(Exception, match="Marquee"):
        UIHost(renderers=["a2ui"], renderer_options={"a2ui": {"remove_components": ["Marquee"]}})
