#!/usr/bin/env bash
# `streamchatai preview` in a real browser: each bundled conversation written
# as a page, loaded by headless Chromium: a screenshot is taken, the page logs
# no console error, the expected elements are in the rendered DOM, nothing is
# loaded from outside, and the page's own interactions work (#selftest presses
# its first button: the JSON it would send appears).
# Usage: check-preview-chromium.sh BIN_DIR PLUGINS_DIR DATA_DIR OUT_DIR
set -u
bin=$1 plugins=$2 data=$3 out=$4
mkdir -p "$out" && out=$(cd "$out" && pwd)
browser=$(command -v chromium || command -v chromium-browser) || { echo "check-preview: chromium is not installed (make test-deps installs it)"; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chrome() { "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile" "$@"; }
fail() { echo "check-preview: $*"; exit 1; }

# check NAME FILE NEEDLE... : the page of FILE shows every message the command wrote, and every NEEDLE.
check() {
    local name=$1 file=$2; shift 2
    local page="$out/$name.html"
    "$bin/streamchatai" preview "$data/$file" -o "$page" --user u_123 --client linux-7f3a --now-ms 1732950000000 \
        --plugins "$plugins" 2> "$out/$name.stderr"
    [ -s "$page" ] || fail "$name: no page written"
    local messages
    messages=$(sed -n 's/.*wrote .* (\([0-9]*\) messages\{0,1\})$/\1/p' "$out/$name.stderr")
    [ -n "$messages" ] && [ "$messages" -gt 0 ] || fail "$name: the command wrote no message count"
    grep -qiE '<(img|script|link|iframe)[^>]+(src|href)=' "$page" && fail "$name: the page loads something from outside"
    chrome --window-size=900,1400 --screenshot="$out/$name.png" "file://$page" > /dev/null 2>&1
    [ "$(stat -c %s "$out/$name.png" 2> /dev/null || echo 0)" -gt 5000 ] || fail "$name: no screenshot"
    chrome --enable-logging=stderr --v=0 --dump-dom "file://$page#selftest" > "$out/$name.dom" 2> "$out/$name.log"
    grep -E 'CONSOLE|Uncaught|Refused to' "$out/$name.log" && fail "$name: the page logged errors (above)"
    [ "$(grep -o 'data-node="message"' "$out/$name.dom" | wc -l)" -eq "$messages" ] || fail "$name: expected $messages messages in the DOM"
    for needle in "$@"; do grep -qF -- "$needle" "$out/$name.dom" || fail "$name: the rendered page lacks: $needle"; done
    echo "ok   $name: $messages messages, screenshot $out/$name.png"
}

# catalog FORMAT NEEDLE...: the catalog page of FORMAT, loaded the same way.
catalog() {
    local format=$1; shift
    local page="$out/catalog-$format.html"
    "$bin/streamchatai" catalog "$format" --html "$page" 2> "$out/catalog-$format.stderr" || fail "catalog $format: exit $?"
    chrome --window-size=900,1400 --screenshot="$out/catalog-$format.png" "file://$page" > /dev/null 2>&1
    [ "$(stat -c %s "$out/catalog-$format.png" 2> /dev/null || echo 0)" -gt 5000 ] || fail "catalog $format: no screenshot"
    chrome --enable-logging=stderr --v=0 --dump-dom "file://$page#selftest" > "$out/catalog-$format.dom" 2> "$out/catalog-$format.log"
    grep -E 'CONSOLE|Uncaught|Refused to' "$out/catalog-$format.log" && fail "catalog $format: the page logged errors (above)"
    for needle in "$@"; do grep -qF -- "$needle" "$out/catalog-$format.dom" || fail "catalog $format: the rendered page lacks: $needle"; done
    echo "ok   catalog $format: screenshot $out/catalog-$format.png"
}

check mixed mixed-conversation.jsonl "Thought for 8s" "Share your location?" "Book a table" 'data-selftest="1 sent"' "would send:"
check genui genui-conversation.jsonl 'data-node="generative_ui"' 'data-node="card"'
check openui openui-conversation.jsonl 'data-node="generative_ui"' 'data-selftest="1 sent"'
check a2ui a2ui-conversation.jsonl 'data-node="generative_ui"' 'data-selftest="1 sent"'
catalog a2ui 'id="Tabs"' 'id="DateTimeInput"' 'data-selftest="1 sent"'
catalog openui 'id="BarChart"' 'id="Tabs"' 'data-selftest="1 sent"'
