#!/usr/bin/env bash
# `streamchatai run --send-url`: the approval and sign-in asked at the
# terminal (answers on standard input), then every outcome POSTed to the
# scripted server, which lists what it got; a URL that refuses exits 1.
# Usage: check-run-send.sh BIN_DIR PLUGINS_DIR DATA_DIR PORT
set -u
bin=$1 plugins=$2 data=$3 port=$4
printf 'y\nn\n' | "$bin/streamchatai" run "$data/prompt-reply.json" --user u_123 --client linux-7f3a --plugins "$plugins" \
    --send-url "http://127.0.0.1:$port/collect" 2> /dev/null || { echo "check-run-send: run exited $?"; exit 1; }
python3 -c 'import json, sys, urllib.request
for body in json.load(urllib.request.urlopen(sys.argv[1])): print(json.dumps(body, sort_keys=True, ensure_ascii=False))' \
    "http://127.0.0.1:$port/collected"
printf 'y\ny\n' | "$bin/streamchatai" run "$data/prompt-reply.json" --user u_123 --client linux-7f3a --plugins "$plugins" \
    --send-url "http://127.0.0.1:$port/refuse" > /dev/null 2> "${TMPDIR:-/tmp}/run-refuse.$$"
status=$?
grep -q "answered HTTP 503" "${TMPDIR:-/tmp}/run-refuse.$$" || { echo "check-run-send: no HTTP 503 message"; cat "${TMPDIR:-/tmp}/run-refuse.$$"; exit 1; }
rm -f "${TMPDIR:-/tmp}/run-refuse.$$"
echo "a refusing URL: exit $status"
