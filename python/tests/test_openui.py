"""The built-in OpenUI renderer through the Python binding (and so through
the C ABI): a program streamed to IR that follows the schema, a form that
does not submit while a required field is empty, a Query fed by a read-only
tool, a Mutation run by a tap, errors named by the spec's codes, and the
standard library chosen by option."""

import json
from pathlib import Path

import jsonschema
import pytest

from streamchatai import UIHost, apply_ops
from trees import nodes

ROOT = Path(__file__).resolve().parents[2]
IR_SCHEMA = json.loads((ROOT / "docs" / "ui-ir.schema.json").read_text())
BOOKING = (ROOT / "examples-c" / "data" / "booking.oui").read_text()


def openui(program, status="complete"):
    return {"ai_ui": {"v": 1, "format": "openui", "version": "1.0", "status": status, "content": program}}


def node(tree, type_, name=None):
    return next(n for n in nodes(tree) if n["type"] == type_ and (name is None or n["props"].get("name") == name))


@pytest.fixture
def booking():
    calls, sent, problems = [], [], []

    def weather(call):
        calls.append(("weather", call["arguments"]))
        return {"summary": "sunny, 24 C"}

    def book_table(call):
        calls.append(("book_table", call["arguments"]))
        return {"confirmation": "K-42"}

    host = UIHost(send=lambda a: sent.append(a) or True, on_error=lambda m, p: problems.append(p))
    host.add_tool({"name": "weather", "description": "The forecast", "inputSchema": {"type": "object"},
                   "annotations": {"readOnlyHint": True}}, weather)
    host.add_tool({"name": "book_table", "description": "Books a table", "inputSchema": {"type": "object"}}, book_table)
    host.calls, host.sent, host.problems = calls, sent, problems
    return host


def test_a_streamed_program_renders_ir_that_follows_the_schema_with_statement_ids(booking):
    for end in (len(BOOKING) // 3, 2 * len(BOOKING) // 3):
        assert booking.receive("m1", openui(BOOKING[:end], "streaming")) == {"ui": True}
        tree = booking.render("m1")
        jsonschema.validate(tree, IR_SCHEMA)
        assert tree["format"] == "openui" and tree["streaming"] is True
    assert booking.calls == [], "Queries run once the reply is complete, never while it streams"
    booking.receive("m1", openui(BOOKING))
    tree = booking.render("m1")
    jsonschema.validate(tree, IR_SCHEMA)
    root = tree["root"]
    assert root["type"] == "Card"
    assert [c["id"] for c in root["children"]] == ["header", "weather", "booking", "done"]
    assert node(root, "CardHeader")["props"]["title"] == "Dinner in Ohrid"
    assert booking.problems == []


def test_a_query_is_fed_by_a_read_only_tool_once_the_reply_is_complete(booking):
    booking.receive("m1", openui(BOOKING))
    assert booking.calls == [("weather", {"city": "Ohrid"})]
    weather = node(booking.render("m1")["root"], "TextContent")
    assert weather["id"] == "weather" and weather["props"]["text"] == "Forecast: sunny, 24 C"


def test_a_render_lists_the_query_tool_it_waits_for_until_the_answer_arrives():
    waiting, renders = [], []
    host = UIHost(on_render=renders.append)
    host.add_tool({"name": "weather", "description": "The forecast", "inputSchema": {"type": "object"},
                   "annotations": {"readOnlyHint": True}}, lambda call, result: waiting.append(result))
    host.receive("m1", openui(BOOKING, "streaming"))
    assert host.render("m1")["running_tools"] == []
    host.receive("m1", openui(BOOKING))
    render = host.render("m1")
    jsonschema.validate(render, IR_SCHEMA)
    assert render["running_tools"] == ["weather"] and renders == ["m1"]
    assert node(render["root"], "TextContent")["props"]["text"] == "Forecast: loading"
    assert host.render_ops("m1")["running_tools"] == ["weather"]
    waiting.pop().complete({"summary": "rain"})
    render = host.render("m1")
    assert render["running_tools"] == [] and renders == ["m1", "m1"]
    assert node(render["root"], "TextContent")["props"]["text"] == "Forecast: rain"


def test_a_form_does_not_submit_while_a_required_field_is_empty(booking):
    booking.receive("m1", openui(BOOKING))
    root = booking.render("m1")["root"]
    button = node(root, "Button")
    outcome = booking.event("m1", node_id=button["id"], name="tap")
    assert outcome["actions"] == [] and booking.sent == []
    assert ("book_table", {"place": "Kaneo"}) not in booking.calls, "a failed check runs nothing"
    name = node(booking.render("m1")["root"], "Input", "name")
    assert name["props"]["error"] == "This field is required"


@pytest.mark.parametrize("size, error", [("1e300", "Enter at least 1e+300 characters"),
                                         ("1e19", "Enter at least 10000000000000000000 characters"), ("-1e300", None)])
def test_a_length_rule_of_any_size_is_checked_on_submit_without_stopping_the_host(booking, size, error):
    program = ('root = Card([Form("f", Buttons([Button("Go", @ToAssistant("x"))]), '
               f'[FormControl("Name", Input("name", "", "text", {{minLength: {size}}}))])])')
    booking.receive("m1", openui(program))
    root = booking.render("m1")["root"]
    booking.event("m1", node_id=node(root, "Input", "name")["id"], name="change", value="ab")
    outcome = booking.event("m1", node_id=node(root, "Button")["id"], name="tap")
    assert (outcome["actions"] == []) == (error is not None)
    assert node(booking.render("m1")["root"], "Input", "name")["props"].get("error") == error


def test_a_mutation_runs_on_a_tap_and_the_form_is_sent_with_its_values(booking):
    booking.receive("m1", openui(BOOKING))
    root = booking.render("m1")["root"]
    booking.event("m1", node_id=node(root, "Input", "name")["id"], name="change", value="Ada")
    booking.event("m1", node_id=node(root, "Input", "email")["id"], name="change", value="ada@example.com")
    outcome = booking.event("m1", node_id=node(root, "Button")["id"], name="tap")
    assert ("book_table", {"place": "Kaneo"}) in booking.calls
    assert [run["tool"] for run in outcome["tool_runs"]] == ["book_table"]
    (action,) = booking.sent
    assert action["name"] == "continue_conversation" and action["label"] == "Book a table"
    assert action["payload"]["form_state"]["booking"]["name"]["value"] == "Ada"
    done = next(n for n in nodes(booking.render("m1")["root"]) if n["id"] == "done")
    assert done["props"]["text"] == "Booked: K-42"


def test_a_tool_that_changes_things_never_runs_from_a_query(booking):
    booking.receive("m1", openui('root = Card([TextContent("x" + sneaky.ok)])\nsneaky = Query("book_table", {}, {ok: false})'))
    assert all(tool != "book_table" for tool, _ in booking.calls)
    assert any("book_table" in p for p in booking.problems)


def test_a_password_field_is_secure_and_its_value_never_sent(booking):
    program = ('root = Card([login])\nlogin = Form("login", Buttons([Button("Sign in", @ToAssistant("Sign in"), "primary")]), '
               '[FormControl("User", Input("user")), FormControl("Password", Input("secret", null, "password"))])')
    booking.receive("m1", openui(program))
    root = booking.render("m1")["root"]
    secret = node(root, "Input", "secret")
    assert secret["props"]["secure"] is True
    booking.event("m1", node_id=node(root, "Input", "user")["id"], name="change", value="ada")
    booking.event("m1", node_id=secret["id"], name="change", value="hunter2")
    booking.event("m1", node_id=node(root, "Button")["id"], name="tap")
    (action,) = booking.sent
    assert "hunter2" not in json.dumps(action)
    assert action["payload"]["form_state"]["login"]["user"]["value"] == "ada"


def test_problems_reach_the_error_callback_named_by_the_spec_codes(booking):
    booking.receive("m1", openui('root = Card([Nope("x"), TextContent()])'))
    booking.render("m1")
    assert any("unknown-component" in p for p in booking.problems)
    assert any("missing-required" in p for p in booking.problems)


def test_the_standard_library_is_chosen_by_option():
    host = UIHost(renderer_options={"openui": {"library": "standard"}})
    host.receive("m1", openui('root = Stack([TextContent("hi")])'))
    assert host.render("m1")["root"]["type"] == "Stack"
    problems = []
    chat = UIHost(on_error=lambda m, p: problems.append(p))
    chat.receive("m1", openui('root = Stack([TextContent("hi")])'))
    assert chat.render("m1") is None, "nothing renders: the reply shows its text"
    assert any("unknown-component" in p and "Stack" in p for p in problems), "the chat library has no Stack"


def test_pieces_appended_render_as_ops_that_give_the_full_render(booking):
    assert booking.receive("m1", openui("", "streaming")) == {"ui": True}
    tree, pieces = None, [BOOKING[i:i + 40] for i in range(0, len(BOOKING), 40)]
    ops_written = 0
    for i, piece in enumerate(pieces):
        booking.append("m1", piece, streaming=i < len(pieces) - 1)
        got = booking.render_ops("m1")
        if got is None:
            assert booking.render("m1") is None
            continue
        ops_written += len(json.dumps(got["ops"]))
        tree = apply_ops(tree, got["ops"])
        full = booking.render("m1")
        assert tree == full["root"] and got["streaming"] == full["streaming"]
        jsonschema.validate(full, IR_SCHEMA)
    assert booking.render_ops("m1")["ops"] == []
    assert node(tree, "Form")["id"]
    assert booking.problems == []


def test_an_append_that_cannot_be_taken_says_why_and_changes_nothing(booking):
    from streamchatai.errors import InvalidArgument, NotFound

    with pytest.raises(NotFound, match="receive its custom data first"):
        booking.append("nobody", "x")
    booking.receive("m1", openui('root = Card([TextContent("Hi', "streaming"))
    with pytest.raises(InvalidArgument, match="NUL"):
        booking.append("m1", "a\x00b")
    with pytest.raises(InvalidArgument, match="UTF-8"):
        booking.append("m1", "\ud800")
    booking.append("m1", ' there")])\n', streaming=False)
    with pytest.raises(InvalidArgument, match="ended"):
        booking.append("m1", "x = 1\n")
    assert node(booking.render("m1")["root"], "TextContent")["props"]["text"] == "Hi there"
    assert booking.render_ops("nobody") is None


def test_apply_ops_names_an_op_that_does_not_fit():
    from streamchatai.errors import InvalidArgument

    tree = {"id": "r", "type": "box", "props": {}, "children": [], "events": [], "state": "ready", "bindings": {},
            "entrance": 0}
    with pytest.raises(InvalidArgument, match=r"ops\[0\]: a remove op before any tree"):
        apply_ops(None, [{"op": "remove", "id": "x"}])
    with pytest.raises(InvalidArgument, match=r"ops\[1\]: no node x in the tree"):
        apply_ops(dict(tree), [{"op": "update", "id": "r", "props": {}, "state": "ready", "events": [], "bindings": {},
                                "entrance": 1}, {"op": "remove", "id": "x"}])
    with pytest.raises(InvalidArgument, match=r"ops\[0\]: the root r cannot be removed"):
        apply_ops(dict(tree), [{"op": "remove", "id": "r"}])
    with pytest.raises(InvalidArgument, match=r"ops\[0\]: index 1 is past the children of r"):
        apply_ops(dict(tree, children=[]), [{"op": "insert", "parent": "r", "index": 1, "node": tree}])
