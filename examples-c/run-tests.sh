#!/usr/bin/env bash
# Runs the C examples on the bundled data: compares their standard output with
# examples-c/expected/, their exit code, and a line their standard error must
# hold. With --valgrind, runs them under $VALGRIND as well and fails on any
# memory error or leak.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${EXAMPLES_BIN:?set EXAMPLES_BIN to the folder of the built examples}
lib=$(cd "$bin/../lib" && pwd)/libstreamchatai.so
mode=${1:-compare}
runner=()
[ "$mode" = --valgrind ] && read -r -a runner <<< "${VALGRIND:?set VALGRIND}"
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME EXPECTED_STDOUT_FILE|- EXPECTED_EXIT STDERR_NEEDLE|- COMMAND...
run() {
    local name=$1 expected=$2 want_rc=$3 needle=$4; shift 4
    local rc
    "${runner[@]}" "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
    if [ "$mode" = --valgrind ] && [ $rc -eq 9 ]; then
        echo "FAIL $name: valgrind found errors"; grep '==' "$tmp/err" | head -40; fail=$((fail+1)); return
    fi
    if [ $rc -ne "$want_rc" ]; then
        echo "FAIL $name: exit $rc, expected $want_rc"; tail -30 "$tmp/out" "$tmp/err"; fail=$((fail+1)); return
    fi
    if [ "$expected" != - ] && ! diff -u "$expected" "$tmp/out" > "$tmp/diff"; then
        echo "FAIL $name: output differs from $expected"; head -60 "$tmp/diff"; fail=$((fail+1)); return
    fi
    if [ "$needle" != - ] && ! grep -qF -- "$needle" "$tmp/err"; then
        echo "FAIL $name: standard error lacks: $needle"; cat "$tmp/err"; fail=$((fail+1)); return
    fi
    echo "ok   $name"; pass=$((pass+1))
}

run "steps on a message" "$here/expected/steps-message.txt" 0 - "$bin/steps" "$here/data/message.json"
run "steps on a stream of updates" "$here/expected/steps-conversation.txt" 0 - "$bin/steps" "$here/data/conversation.jsonl"
run "steps on a broken stream keeps the good updates" "$here/expected/steps-broken.txt" 1 \
    "message 3: SCA_E_INVALID_ARGUMENT: parts_or_attachments_json: expected a JSON array" \
    "$bin/steps" "$here/data/broken.jsonl"
run "error contract" - 0 - "$bin/errors"
run "client tools run once, for this user and install, with retries" "$here/expected/run_tools.txt" 0 - "$bin/run_tools"
plugins=$(cd "$bin/.." && pwd)
run "plugins of every kind run through one runner" "$here/expected/plugins.txt" 0 - "$bin/plugins" "$plugins/plugins" "$plugins/test-plugins"
run "a reply's view changes by itself: render callback and engine state" "$here/expected/ui_state.txt" 0 - "$bin/ui_state" "$plugins/test-plugins"
run "the adversarial test's reproducers end in errors or right results" "$here/expected/hardening.txt" 0 - "$bin/hardening" "$plugins/plugins"
run "an OpenUI program streamed, rendered, filled in and submitted" "$here/expected/openui.txt" 0 - "$bin/openui" "$here/data/booking.oui"
run "an A2UI stream rendered a line at a time, filled in and submitted" "$here/expected/a2ui.txt" 0 - "$bin/a2ui" "$here/data/signup.a2ui.jsonl"
run "MCP servers as tool sources: a plugin folder and a config" "$here/expected/mcp.txt" 0 - "$bin/mcp" "$plugins/mcp-plugins" \
    "$here/../Tests/Peers/mcp_scripted_server.py"
# The scripted chat server, for this run: it exits when its stdin (held here) closes, and is killed by pid at the end.
mkfifo "$tmp/peer-port"
exec {peer_in}> >(exec python3 "$here/../Tests/Peers/chat_scripted_server.py" > "$tmp/peer-port")
peer_pid=$!
trap 'kill $peer_pid 2>/dev/null; rm -rf "$tmp"' EXIT
read -r peer_port < "$tmp/peer-port"
run "the chat client: a tool round trip, events, and the failures a caller meets" "$here/expected/chat.txt" 0 - \
    "$bin/chat" "http://127.0.0.1:$peer_port"
run "a conversation replayed into the conversation model: ops per update, then the tree" "$here/expected/conversation.txt" 1 - \
    "$bin/conversation" "$here/data/mixed-conversation.jsonl" u_123 linux-7f3a
run "generative UI with the cards renderer plugin" "$here/expected/genui.txt" 0 - "$bin/genui" "$plugins/plugins" "$here/data/genui-conversation.jsonl"
if [ "$mode" != --valgrind ]; then
    run "no signal handlers installed" - 0 - "$bin/signals" "$lib"
    run "CLI: steps of a message" "$here/expected/cli-steps.txt" 0 - "$bin/streamchatai" steps "$here/data/message.json"
    run "CLI: generative UI preview" "$here/expected/cli-ui.txt" 0 - "$bin/streamchatai" ui "$here/data/genui-conversation.jsonl" --plugins "$plugins/plugins"
    run "CLI: OpenUI replies, from ai_ui and from a fence in the text" "$here/expected/cli-ui-openui.txt" 0 \
        "m3: openui unknown-component (root)" "$bin/streamchatai" ui "$here/data/openui-conversation.jsonl"
    run "CLI: A2UI replies, streamed, from a fence, and changed by a later reply" "$here/expected/cli-ui-a2ui.txt" 0 \
        "m2: a2ui DANGLING_REFERENCE (surface order)" "$bin/streamchatai" ui "$here/data/a2ui-conversation.jsonl"
    run "CLI: the UI host's config picks the OpenUI library" - 0 - "$bin/streamchatai" ui "$here/data/openui-conversation.jsonl" \
        --config '{"openui": {"library": "standard"}}'
    run "CLI: a bad --config exits 2 and says why" - 2 "unknown renderer" "$bin/streamchatai" ui "$here/data/openui-conversation.jsonl" \
        --config '{"renderers": ["vega"]}'
    run "CLI: capabilities: the registrations and the UI capabilities a backend needs" "$here/expected/cli-capabilities.txt" 0 - \
        "$bin/streamchatai" capabilities --plugins "$plugins/plugins" --config '{"renderers": []}' --components "$here/data/components.json"
    run "CLI: capabilities names a bad component by file and place" - 1 "bad-component.json: component 0: \$.name: " \
        "$bin/streamchatai" capabilities --components "$here/data/bad-component.json"
    run "CLI: capabilities names a components file that isn't JSON" - 1 "broken.jsonl: unexpected" \
        "$bin/streamchatai" capabilities --components "$here/data/broken.jsonl"
    run "CLI: capabilities refuses a bad config with exit 2" - 2 "unknown setting" "$bin/streamchatai" capabilities --config '{"nope": 1}'
    run "CLI: a reply's client tools run through plugins" "$here/expected/cli-run.txt" 0 - \
        "$bin/streamchatai" run "$here/data/tool-reply.json" --user u_123 --client linux-7f3a --plugins "$plugins/plugins"
    run "CLI: lint names each problem by file, line, message and JSON path or renderer code; exit 1" "$here/expected/cli-lint.txt" 1 \
        "streamchatai lint: 15 problems" "$bin/streamchatai" lint "$here/data/lint-replies.jsonl"
    run "CLI: chat through a pipe: a plugin tool runs as a client tool; control characters in a reply show as pictures; a failed message is reported and exits 1" \
        "$here/expected/cli-chat.txt" 1 "HTTP 500 from POST" sh -c "printf 'weather\\nhello\\ncontrol\\nhttp500\\n' | \"\$0\" chat --agent agent-1 \
        --url http://127.0.0.1:$peer_port --plugins \"\$1\"" "$bin/streamchatai" "$plugins/plugins"
    # pydantic-ai's UI message stream server (the venv has it), for an approval asked at the terminal.
    mkfifo "$tmp/ui-port"
    exec {ui_in}> >(exec "$here/../build/venv/bin/python" "$here/../Tests/Peers/ui_stream_server.py" > "$tmp/ui-port")
    ui_pid=$!
    trap 'kill $peer_pid $ui_pid 2>/dev/null; rm -rf "$tmp"' EXIT
    read -r ui_port < "$tmp/ui-port"
    run "CLI: chat asks a server's approval request at the terminal; y lets the server run the tool" "$here/expected/cli-chat-approval.txt" 0 \
        "? Allow delete_file {\"path\":\"/x\"}? [y/N]" sh -c "printf 'approve it\\ny\\n' | \"\$0\" chat --url http://127.0.0.1:$ui_port/api/chat" \
        "$bin/streamchatai"
    run "CLI: run asks a reply's approval and sign-in at the terminal" "$here/expected/cli-run-prompts.txt" 0 \
        "open https://accounts.example.com/o/oauth2/auth?client_id=abc and sign in; done? [y/N]" sh -c \
        "printf 'y\\nn\\n' | \"\$0\" run \"\$1\" --user u_123 --client linux-7f3a --plugins \"\$2\"" \
        "$bin/streamchatai" "$here/data/prompt-reply.json" "$plugins/plugins"
    run "CLI: run --ledger: a second run of the same reply runs nothing again" "$here/expected/cli-run-ledger.txt" 0 - sh -c \
        "\"\$0\" run \"\$1\" --user u_123 --client linux-7f3a --plugins \"\$2\" --ledger \"\$3\" > /dev/null && \"\$0\" run \"\$1\" --user u_123 --client linux-7f3a --plugins \"\$2\" --ledger \"\$3\"" \
        "$bin/streamchatai" "$here/data/tool-reply.json" "$plugins/plugins" "$tmp/run.ledger"
    run "CLI: run --send-url that is not http(s) is a usage error" - 2 "--send-url: expected an http:// or https:// URL" \
        "$bin/streamchatai" run "$here/data/tool-reply.json" --user u_123 --client linux-7f3a --send-url file:///tmp/x
    run "CLI: run --send-url POSTs each outcome as JSON; a URL that refuses one exits 1" "$here/expected/cli-run-send.txt" 0 - \
        bash "$here/check-run-send.sh" "$bin" "$plugins/plugins" "$here/data" "$peer_port"
    run "CLI: preview pages of the bundled conversations in headless Chromium: screenshots, no console error, no outside load, elements and interactions" \
        - 0 - bash "$here/check-preview-chromium.sh" "$bin" "$plugins/plugins" "$here/data" "$bin/../preview"
    run "CLI: catalog a2ui draws every basic-catalog component from an example" "$here/expected/cli-catalog-a2ui.txt" 0 - \
        "$bin/streamchatai" catalog a2ui --ascii --width 60
    run "CLI: catalog openui draws every component of the standard library from an example" "$here/expected/cli-catalog-openui.txt" 0 - \
        "$bin/streamchatai" catalog openui --library standard --width 72
    run "CLI: catalog of an unknown format is a usage error" - 2 "expected a2ui or openui" "$bin/streamchatai" catalog vega
    run "CLI: preview of a missing file exits 1 and names it" - 1 "nowhere.jsonl" "$bin/streamchatai" preview "$here/data/nowhere.jsonl" -o "$tmp/x.html"
    run "CLI: preview without -o is a usage error" - 2 "-o is missing" "$bin/streamchatai" preview "$here/data/mixed-conversation.jsonl"
    run "CLI: chat in a real terminal (tmux): typed messages, a plugin tool, approvals allowed and declined" - 0 - \
        bash "$here/check-chat-tmux.sh" "$bin" "$plugins/plugins" "$peer_port" "$ui_port"
    run "CLI: chat with a bad --config exits 2" - 2 "unknown setting" "$bin/streamchatai" chat --url http://127.0.0.1:1/ --config '{"nope": 1}'
    run "CLI: lint of a clean reply exits 0" - 0 "no problems" "$bin/streamchatai" lint "$here/data/tool-reply.json"
    run "CLI: lint --json writes the problems as JSON" - 1 - "$bin/streamchatai" lint --json "$here/data/a2ui-conversation.jsonl"
    run "CLI: lint reads plugin renderers' documents too (the cards reply is fine; vega and v 2 are not)" - 1 "2 problems" "$bin/streamchatai" lint \
        "$here/data/genui-conversation.jsonl" --plugins "$plugins/plugins" --config '{"renderers": []}'
    run "CLI: view draws a conversation: text, folded reasoning, tool icons, prompts, UI (ASCII, 60 columns)" \
        "$here/expected/cli-view-ascii.txt" 1 "mixed-conversation.jsonl:9: \$.text" "$bin/streamchatai" view --ascii --width 60 \
        --user u_123 --client linux-7f3a --now-ms 1732950000000 "$here/data/mixed-conversation.jsonl"
    run "CLI: view in Unicode, wrapping at 40 columns" "$here/expected/cli-view.txt" 1 - "$bin/streamchatai" view --width 40 \
        --user u_123 --client linux-7f3a --now-ms 1732950000000 "$here/data/mixed-conversation.jsonl"
    run "CLI: view draws a chart's bars between none and full width whatever numbers the agent sent" \
        "$here/expected/cli-view-chart.txt" 0 - "$bin/streamchatai" view --ascii --width 60 "$here/data/chart-extremes.jsonl"
    run "CLI: preview writes the page of a chart of extreme numbers" - 0 "wrote $tmp/chart.html (1 message)" \
        "$bin/streamchatai" preview "$here/data/chart-extremes.jsonl" -o "$tmp/chart.html"
    run "CLI: the page's bars have those widths" <(printf 'width:%s\n' 100% 0% 100% 50% 100% 0%) 0 - \
        grep -o 'width:[0-9]*%' "$tmp/chart.html"
    run "CLI: view shows an agent's control characters as pictures, never as terminal control sequences" \
        "$here/expected/cli-view-control.txt" 0 - "$bin/streamchatai" view --ascii --width 60 "$here/data/control-characters.jsonl"
    run "CLI: ui outlines them the same way" "$here/expected/cli-ui-control.txt" 0 - "$bin/streamchatai" ui "$here/data/control-characters.jsonl"
    run "CLI: preview of an approval whose call id has quotes in it" - 0 "wrote $tmp/quoted.html (1 message)" \
        "$bin/streamchatai" preview "$here/data/approval-quoted-id.jsonl" -o "$tmp/quoted.html" --user u_123 --client linux-7f3a
    run "CLI: its buttons' answers keep the call id one string, whatever quotes it holds" \
        "$here/expected/cli-preview-approval-quoted.txt" 0 - python3 -c 'import html, json, re, sys
for a in re.findall("data-send=\"([^\"]*)\"", open(sys.argv[1]).read()): print(json.dumps(json.loads(html.unescape(a))))' "$tmp/quoted.html"
    run "CLI: view --follow of standard input is a usage error" - 2 "--follow needs a FILE" "$bin/streamchatai" view --follow -
    run "CLI: view follows a growing file live in a real terminal (tmux), honouring NO_COLOR" - 0 - \
        bash "$here/check-view-tmux.sh" "$bin" "$here/data"
    run "CLI: plugins check validates the bundled plugins out of process, calling every tool" "$here/expected/cli-plugins-check.txt" 0 \
        "4 folders, 0 with a failed check" "$bin/streamchatai" plugins check "$plugins/plugins"
    run "CLI: plugins check reports bad manifests, wrong ABIs, crashes, hangs, and survives an in-process crash" - 0 - \
        bash "$here/check-plugins-check.sh" "$bin" "$plugins/test-plugins"
    run "CLI: usage errors exit 2" - 2 "usage:" "$bin/streamchatai" steps
    run "CLI: a missing required option names it and exits 2" - 2 "streamchatai run: --client is missing" \
        "$bin/streamchatai" run "$here/data/tool-reply.json" --user u_123
    run "CLI: an unknown option exits 2" - 2 "unknown option '--colour'" "$bin/streamchatai" steps "$here/data/message.json" --colour
    run "CLI: an unknown command exits 2 with the command list" - 2 "unknown command 'paint'" "$bin/streamchatai" paint
    run "CLI: help for each command comes from its description" "$here/expected/cli-help-run.txt" 0 - "$bin/streamchatai" run --help
    run "CLI: a bad line of a stream is named by file and line; the others still show" "$here/expected/cli-steps-broken.txt" 1 \
        "broken.jsonl:2: " "$bin/streamchatai" steps "$here/data/broken.jsonl"
fi
echo "C examples ($mode): $pass passed, $fail failed"
[ $fail -eq 0 ]
