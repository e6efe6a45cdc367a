#!/usr/bin/env bash
# Drives `streamchatai view --follow` in a real terminal (tmux): lines appended
# to a growing file show up live; styles appear on the terminal, and not with
# NO_COLOR. Usage: check-view-tmux.sh BIN_DIR DATA_DIR
set -u
bin=$1 data=$2
work=$(mktemp -d)
sock="$work/tmux.sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "check-view-tmux: $*"; tmux -S "$sock" capture-pane -p -t "$1" 2>/dev/null | head -40; exit 1; }

# Waits (at most 20 s) until the pane of session $1 shows $2; capture flags in $3.
wait_for() {
    local session=$1 needle=$2 flags=${3:-}
    for _ in $(seq 200); do
        if tmux -S "$sock" capture-pane -p $flags -t "$session" | grep -qF -- "$needle"; then return 0; fi
        sleep 0.1
    done
    return 1
}

# Waits (at most 20 s) until the pane of session $1 no longer shows $2.
wait_gone() {
    for _ in $(seq 200); do
        tmux -S "$sock" capture-pane -p -t "$1" | grep -qF -- "$2" || return 0
        sleep 0.1
    done
    return 1
}

view="$bin/streamchatai view --follow --user u_123 --client linux-7f3a --now-ms 1732950000000"
: > "$work/live.jsonl"
tmux -S "$sock" new-session -d -s live -x 100 -y 60 "$view $work/live.jsonl"
head -1 "$data/mixed-conversation.jsonl" >> "$work/live.jsonl"
wait_for live "Plan a walk in Amsterdam" || fail live "the first line never showed"
sed -n '2,8p' "$data/mixed-conversation.jsonl" >> "$work/live.jsonl"
wait_for live "Share your location?" || fail live "a later line never showed"
wait_for live "Thought for 8s" || fail live "the reasoning did not fold into its header"
wait_gone live "Plan a walk" || fail live "a deleted message still shows"
wait_for live $'\e[1m' -e || fail live "no styles on a terminal"

: > "$work/plain.jsonl"
tmux -S "$sock" new-session -d -s plain -x 100 -y 60 "NO_COLOR=1 $view $work/plain.jsonl"
sed -n '1,8p' "$data/mixed-conversation.jsonl" >> "$work/plain.jsonl"
wait_for plain "Share your location?" || fail plain "the NO_COLOR view never showed"
tmux -S "$sock" capture-pane -p -e -t plain | grep -qF $'\e[1m' && fail plain "styles despite NO_COLOR"
echo "check-view-tmux: live view, folding, deletion, styles and NO_COLOR as expected"
