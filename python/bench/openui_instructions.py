#!/usr/bin/env python3
"""The OpenUI streaming bench counted in instructions.

Runs the bench's OpenUI section (`streamchatai-bench --openui-only SHAPE`) under callgrind, counting only what
`OpenUIReply.update`, `append` and `render` run: once with the one-shot parse and render alone, then once with each way
of streaming after it (each chunk appended; the whole text so far handed over after each chunk). A stream's count is
the difference. Each run also counts the misses of callgrind's model of this CPU's first-level instruction cache, and
the branches its model of a branch predictor mispredicts: they tell why a stream takes longer than its instructions
say, as each chunk runs once through every stage's code, which neither the cache nor the predictor keeps from the last
chunk. The stream runs twice more, in chunks cut at line ends and in chunks cut one byte after them, where no chunk has
a statement being written: the last tells what every chunk costs from what the statement being written costs. Unlike
the bench's timings, which move with the machine's load and caches, the counts are the same on every run of the same
build (Swift's hashing is made deterministic), so a change of a few percent shows.

usage: openui_instructions.py BENCH_BINARY [tree|flat ...]
"""
import os
import re
import subprocess
import sys
import tempfile


def entry_symbols(binary):
    """The mangled names of OpenUIReply.update(text:isStreaming:), append(_:isStreaming:) and render(appNode:), not of
    their closures nor of render(appNode:pass:), which render(appNode:) calls. (Callgrind's toggles flip on every
    entry, so none of them may call another while the bench runs: `append` calls `update` only after the text was
    complete.)"""
    listing = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    pattern = re.compile(r"^\S+ [Tt] (\$s16StreamChatOpenUI0C7UIReplyC6(?:update4text11isStreaming|append_11isStreaming|render7appNode0a)\S*tF)$")
    names = [m.group(1) for m in map(pattern.match, listing.splitlines()) if m]
    if len(names) != 3:
        sys.exit(f"expected the three OpenUIReply entries in {binary}, found {names}")
    return names


def count(binary, shape, symbols, feed, cut=None):
    """What runs inside the entries, for the one-shot run alone (no feed) or with the stream fed one way (`cut`
    "lines": in chunks cut at line ends; "statements": after a line end and the next line's first byte, so that no chunk
    has a statement being written): instructions, instruction-cache misses in callgrind's model of this CPU's
    first-level cache, branches mispredicted in its model of a predictor (conditional and indirect), and the stream's
    chunks."""
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    if feed is None:
        env["OPENUI_ONESHOT_ONLY"] = "1"
    else:
        env["OPENUI_FEED"] = feed
    if cut:
        env["OPENUI_CUT"] = cut
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--branch-sim=yes", f"--callgrind-out-file={out}"]
        command += [f"--toggle-collect={name}" for name in symbols]
        command += [binary, "--openui-only", shape]
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(out):
            sys.exit(f"callgrind failed ({run.returncode}):\n{run.stderr[-2000:]}")
        with open(out) as f:
            data = f.read()
        events = re.search(r"^events: (.+)$", data, re.M)
        totals = re.search(r"^(?:totals|summary): ([\d ]+)$", data, re.M)
        chunks = re.search(r"(\d+) chunks", run.stdout)
        if not events or not totals or not chunks:
            sys.exit(f"no events, totals or chunks in {out} and the bench's output")
        counted = dict(zip(events.group(1).split(), map(int, totals.group(1).split())))
        return Counts(counted["Ir"], counted["I1mr"], counted["Bcm"] + counted["Bim"], int(chunks.group(1)))


class Counts:
    def __init__(self, instructions, misses, mispredicted, chunks):
        self.instructions, self.misses, self.mispredicted, self.chunks = instructions, misses, mispredicted, chunks

    def __sub__(self, once):
        """A stream's counts apart from the one-shot run before it."""
        return Counts(self.instructions - once.instructions, self.misses - once.misses,
                      self.mispredicted - once.mispredicted, self.chunks)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    symbols = entry_symbols(binary)
    for shape in sys.argv[2:] or ["tree"]:
        once = count(binary, shape, symbols, None)
        pieces = count(binary, shape, symbols, "pieces") - once
        texts = count(binary, shape, symbols, "texts") - once
        lines = count(binary, shape, symbols, "pieces", cut="lines") - once
        statements = count(binary, shape, symbols, "pieces", cut="statements") - once
        target = " (target ≤ 2×)" if shape == "tree" else ""

        def per_chunk(c):
            return (f"{c.instructions / c.chunks / 1e3:.0f} K instructions, {c.misses / c.chunks:,.0f} misses and "
                    f"{c.mispredicted / c.chunks:,.0f} mispredicted branches a chunk")

        def rate(c, events):
            return f"{1000 * events(c) / c.instructions:.1f}"

        print(f"   {shape}: one parse + render {once.instructions / 1e6:.1f} M instructions; streamed, each chunk appended, "
              f"{pieces.instructions / 1e6:.1f} M: {pieces.instructions / once.instructions:.2f}×{target}; handed the whole "
              f"text after each chunk, {texts.instructions / 1e6:.1f} M: {texts.instructions / once.instructions:.2f}×")
        print(f"     per 1,000 instructions, instruction-cache misses (callgrind's model of this CPU's first-level cache): "
              f"one parse {rate(once, lambda c: c.misses)}, streamed {rate(pieces, lambda c: c.misses)}; mispredicted "
              f"branches (its model of a predictor): one parse {rate(once, lambda c: c.mispredicted)}, streamed "
              f"{rate(pieces, lambda c: c.mispredicted)} ({per_chunk(pieces)})")
        print(f"     cut at line ends instead ({lines.chunks} chunks, none leaving a statement half written): "
              f"{lines.instructions / 1e6:.1f} M instructions, {lines.instructions / once.instructions:.2f}×; {per_chunk(lines)}")
        print(f"     cut after each line's end and the next line's first byte ({statements.chunks} chunks, none with a "
              f"statement being written): {statements.instructions / 1e6:.1f} M instructions, "
              f"{statements.instructions / once.instructions:.2f}×; {per_chunk(statements)}")


if __name__ == "__main__":
    main()
