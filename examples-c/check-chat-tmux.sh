#!/usr/bin/env bash
# Drives `streamchatai chat` in a real terminal (tmux), as a person would:
# messages typed at the prompt, the reply streaming in, a plugin tool run as a
# client tool, and a server's approval request answered y, then n.
# Usage: check-chat-tmux.sh BIN_DIR PLUGINS_DIR SCRIPTED_PORT UI_STREAM_PORT
set -u
bin=$1 plugins=$2 scripted=$3 ui=$4
work=$(mktemp -d)
sock="$work/tmux.sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "check-chat-tmux: $2"; tmux -S "$sock" capture-pane -p -t "$1" 2>/dev/null | head -40; exit 1; }

# Waits (at most 20 s) until the pane of session $1 shows $2 at least ${3:-1} times.
wait_for() {
    local session=$1 needle=$2 times=${3:-1}
    for _ in $(seq 200); do
        [ "$(tmux -S "$sock" capture-pane -p -t "$session" | grep -cF -- "$needle")" -ge "$times" ] && return 0
        sleep 0.1
    done
    return 1
}
type_line() { tmux -S "$sock" send-keys -t "$1" -l "$2"; tmux -S "$sock" send-keys -t "$1" Enter; }

tmux -S "$sock" new-session -d -s tools -x 120 -y 40 \
    "$bin/streamchatai chat --agent agent-1 --url http://127.0.0.1:$scripted --plugins $plugins; sleep 30"
wait_for tools "you>" || fail tools "no prompt"
type_line tools "weather"
wait_for tools "⚙ get_weather {\"city\":\"Paris\"} · runs here" || fail tools "the plugin tool call did not show"
wait_for tools "Weather: {\"city\": \"Paris\"" || fail tools "the reply quoting the tool's result did not stream in"
type_line tools "hello"
wait_for tools "Hello, world." || fail tools "the second message got no reply"
wait_for tools "you>" 3 || fail tools "no prompt after the second reply"

tmux -S "$sock" new-session -d -s approval -x 120 -y 40 "$bin/streamchatai chat --url http://127.0.0.1:$ui/api/chat; sleep 30"
wait_for approval "you>" || fail approval "no prompt"
type_line approval "approve it"
wait_for approval "? Allow delete_file {\"path\":\"/x\"}? [y/N]" || fail approval "the approval question was not asked"
type_line approval "y"
wait_for approval "Outcome: delete_file=deleted /x" || fail approval "the approved tool's outcome did not show"
type_line approval "approve it again"
wait_for approval "? Allow delete_file" 2 || fail approval "the second approval question was not asked"
type_line approval "n"
wait_for approval "· stop, 2 rounds" 2 || fail approval "the declined round did not finish"
[ "$(tmux -S "$sock" capture-pane -p -t approval | grep -cF 'deleted /x')" -eq 2 ] || fail approval "the declined call ran"
echo "check-chat-tmux: typed messages, streamed replies, a plugin tool, approvals allowed and declined"
