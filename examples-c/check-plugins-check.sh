#!/usr/bin/env bash
# `streamchatai plugins check` on the test plugins (copied, so their tools'
# side effects stay out of the build) plus an in-process copy of the crasher:
# each failure is reported as what it is, and a crash of code loaded into the
# checking process does not take the checker down. Usage: check-plugins-check.sh BIN_DIR TEST_PLUGINS_DIR
set -u
bin=$1 plugins=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir "$work/checked" && chmod 755 "$work/checked"
cp -R "$plugins"/. "$work/checked/"
cp -R "$plugins/crasher" "$work/checked/inproc-crasher"
sed -e 's/"isolation": "process"/"isolation": "in_process"/' \
    "$plugins/crasher/manifest.json" > "$work/checked/inproc-crasher/manifest.json"
chmod -R go-w "$work/checked"
"$bin/streamchatai" plugins check "$work/checked" --json > "$work/out" 2> "$work/err"
rc=$?
[ $rc -eq 1 ] || { echo "check-plugins-check: exit $rc, expected 1"; cat "$work/out" "$work/err"; exit 1; }
expect() {
    grep -F -- "$1" "$work/out" | grep -qF -- "$2" || { echo "check-plugins-check: no finding for $1 with: $2"; cat "$work/out"; exit 1; }
}
expect '"folder":"badmanifest"' 'not valid JSON'
expect '"subject":"tool segfault"' 'crashed (SIGSEGV)'
expect '"subject":"tool abort"' 'crashed (SIGABRT)'
expect '"subject":"tool echo","passed":true' '"folder":"crasher"'
expect '"subject":"tool hang"' 'did not finish within 300 ms'
expect '"folder":"wrongabi"' 'plugin ABI 2.0'
expect '"folder":"inproc-crasher"' 'the checking process crashed (SIGSEGV) after checking code'
grep -qF '7 folders, 6 with a failed check' "$work/err" || { echo "check-plugins-check: summary"; cat "$work/err"; exit 1; }
echo "check-plugins-check: manifest, ABI, crash, abort, hang and an in-process crash each reported"
