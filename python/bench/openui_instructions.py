#!/usr/bin/env python3
"""The OpenUI streaming bench counted in instructions.

Runs the bench's OpenUI section (`streamchatai-bench --openui-only SHAPE`) under callgrind, counting only what
`OpenUIReply.update`, `append` and `render` run: once with the one-shot parse and render alone, then once with each way
of streaming after it (each chunk appended; the whole text so far handed over after each chunk). A stream's count is
the difference. Unlike the bench's timings, which move with the machine's load and
caches, the counts are the same on every run of the same build (Swift's hashing is made deterministic), so a change of a
few percent shows.

usage: openui_instructions.py BENCH_BINARY [tree|flat ...]
"""
import os
import re
import subprocess
import sys
import tempfile


def entry_symbols(binary):
    """The mangled names of OpenUIReply.update(text:isStreaming:), append(_:isStreaming:) and render(appNode:), not of
    their closures. (Callgrind's toggles flip on every entry, so none of them may call another while the bench runs:
    `append` calls `update` only after the text was complete.)"""
    listing = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    pattern = re.compile(r"^\S+ T (\$s16StreamChatOpenUI0C7UIReplyC6(?:update4text11isStreaming|append_11isStreaming|render7appNode)\S*tF)$")
    names = [m.group(1) for m in map(pattern.match, listing.splitlines()) if m]
    if len(names) != 3:
        sys.exit(f"expected the three OpenUIReply entries in {binary}, found {names}")
    return names


def count(binary, shape, symbols, feed):
    """Instructions run inside the entries, for the one-shot run alone (no feed) or with the stream fed one way."""
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    if feed is None:
        env["OPENUI_ONESHOT_ONLY"] = "1"
    else:
        env["OPENUI_FEED"] = feed
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [f"--toggle-collect={name}" for name in symbols]
        command += [binary, "--openui-only", shape]
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(out):
            sys.exit(f"callgrind failed ({run.returncode}):\n{run.stderr[-2000:]}")
        with open(out) as f:
            found = re.search(r"^(?:totals|summary): (\d+)", f.read(), re.M)
        if not found:
            sys.exit(f"no totals in {out}")
        return int(found.group(1))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    symbols = entry_symbols(binary)
    for shape in sys.argv[2:] or ["tree"]:
        once = count(binary, shape, symbols, None)
        pieces = count(binary, shape, symbols, "pieces") - once
        texts = count(binary, shape, symbols, "texts") - once
        target = " (target ≤ 2×)" if shape == "tree" else ""
        print(f"   {shape}: one parse + render {once / 1e6:.1f} M instructions; streamed, each chunk appended, "
              f"{pieces / 1e6:.1f} M: {pieces / once:.2f}×{target}; handed the whole text after each chunk, "
              f"{texts / 1e6:.1f} M: {texts / once:.2f}×")


if __name__ == "__main__":
    main()
