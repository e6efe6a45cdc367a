#!/usr/bin/env bash
# Checks the set-up steps of `make demo` and `make test` as a new user meets
# them: a missing Debian package stops a user who is not root with the one
# apt-get line to run; packages already there are not installed again; the
# Python test packages live in the project's virtual environment, not the
# system Python.
set -u
cd "$(dirname "$0")/.."
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }

out=$(make -s build-deps BUILD_DEBS="make sca-no-such-package" 2>&1 < /dev/null); rc=$?
if [ "$(id -u)" != 0 ]; then
    check "a missing package stops a user who is not root with the line to run" \
        '[ $rc -ne 0 ] && grep -q "run: sudo apt-get install sca-no-such-package$" <<< "$out"'
elif command -v setpriv > /dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups test -r Makefile 2> /dev/null; then
    out=$(setpriv --reuid=65534 --regid=65534 --clear-groups make -s -f Makefile build-deps BUILD_DEBS="make sca-no-such-package" 2>&1 < /dev/null); rc=$?
    check "a missing package stops a user who is not root with the line to run" \
        '[ $rc -ne 0 ] && grep -q "run: sudo apt-get install sca-no-such-package$" <<< "$out"'
fi
out=$(make -s build-deps 2>&1); rc=$?
check "packages already there are not installed again" '[ $rc -eq 0 ] && ! grep -q installing <<< "$out"'
check "the Python test packages are in the project's virtual environment" \
    'build/venv/bin/python -c "import pytest, jsonschema, sys; assert sys.prefix != sys.base_prefix"'
check ".ci/run only calls make test" '! grep -qE "apt-get|pip " .ci/run && grep -q "^make test$" .ci/run'
[ "$(id -u)" = 0 ] && ! setpriv --reuid=65534 --regid=65534 --clear-groups test -r Makefile 2> /dev/null &&
    echo "skip a missing package as a user who is not root: this checkout is not readable by nobody"
exit $fail
