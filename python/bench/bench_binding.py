"""The Python binding's per-call cost (make bench): sca_parts_decode and
sca_steps_render through the binding, against a pure-Python JSON round trip of
the same data, with the cost split between the binding and the library; and an
OpenUI reply streamed through a UIHost, rendered after each chunk, against one
receive and render of the whole reply."""

import ctypes
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import streamchatai  # noqa: E402
from streamchatai._native import lib  # noqa: E402

ATTACHMENTS = [
    {"type": "ai_reasoning", "id": "r1", "v": 1, "status": "completed", "started_at": "2026-12-01T10:00:00Z",
     "duration_ms": 7300, "text": "The user wants the weather in Paris and a table booked. I should check the "
     "forecast first, then look for a table near the Louvre at eight."},
    {"type": "ai_tool_call", "id": "call-1", "name": "get_weather", "status": "completed", "executor": "server",
     "arguments": {"city": "Paris", "units": "metric"}, "summary": "21 °C and clear", "duration_ms": 420},
    {"type": "ai_tool_call", "id": "call-2", "name": "book_table", "status": "awaiting_client", "executor": "client",
     "target_user_id": "u_123", "target_client_id": "linux-4f1c", "arguments": {"restaurant": "Le Fumoir",
     "time": "20:00", "people": 2}, "approval": {"title": "Book a table?", "reason": "to reserve dinner"}},
    {"type": "image", "url": "https://example.com/louvre.jpg", "width": 640, "height": 480},
]


def best_micros(bodies, budget=0.4):
    """The best µs per call of each body, over rounds that alternate between
    them, so that a noisy machine slows every contender alike."""
    counts = []
    for body in bodies:
        body()
        n = 1
        while True:
            start = time.perf_counter()
            for _ in range(n):
                body()
            if time.perf_counter() - start > budget / (20 * len(bodies)):
                break
            n *= 2
        counts.append(n)
    best = [float("inf")] * len(bodies)
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline:
        for k, body in enumerate(bodies):
            start = time.perf_counter()
            for _ in range(counts[k]):
                body()
            best[k] = min(best[k], (time.perf_counter() - start) / counts[k])
    return [b * 1e6 for b in best]


def c_call_only(fn, *args):
    out = ctypes.c_void_p()
    fn(*args, ctypes.byref(out))
    lib.sca_free(out)


def main():
    quick = "--quick" in sys.argv
    budget = 0.05 if quick else 0.4
    text = json.dumps(ATTACHMENTS, ensure_ascii=False)
    encoded = text.encode()
    decoded_text = ctypes.string_at(_out(lib.sca_parts_decode, encoded))
    print("6. The Python binding (python/bench/bench_binding.py): four attachments, %d bytes of JSON" % len(encoded))
    rows = [
        ("decode_parts(list of dicts)", lambda: streamchatai.decode_parts(ATTACHMENTS)),
        ("decode_parts(JSON text)", lambda: streamchatai.decode_parts(text)),
        ("  of which the C call (bytes in, sca_free out)", lambda: c_call_only(lib.sca_parts_decode, encoded)),
        ("  of which json.loads of its %d-byte output" % len(decoded_text), lambda: json.loads(decoded_text)),
        ("pure Python json.loads(json.dumps(...)) of the input", lambda: json.loads(json.dumps(ATTACHMENTS, ensure_ascii=False))),
        ("render_steps(list of dicts)", lambda: streamchatai.render_steps(ATTACHMENTS)),
    ]
    times = best_micros([body for _, body in rows], budget * len(rows))
    results = dict(zip([name for name, _ in rows], times))
    for name, _ in rows:
        print("   %-58s %8.2f µs" % (name, results[name]))
    base = results["pure Python json.loads(json.dumps(...)) of the input"]
    whole = results["decode_parts(list of dicts)"]
    library = results["  of which the C call (bytes in, sca_free out)"]
    print("   decode_parts ÷ pure-Python round trip: %.2f× (the binding's own share: %.2f µs, %.0f%%)"
          % (whole / base, whole - library, 100 * (whole - library) / whole))
    openui_stream(quick)


def openui_stream(quick):
    """The 64 KB OpenUI program bench_c_path streams in its section 5 (written by
    `streamchatai-bench --write-corpus build/bench`), in 1,000 chunks."""
    path = Path(__file__).resolve().parents[2] / "build" / "bench" / "openui-tree-64KB.txt"
    if not path.exists():
        print("   (no %s: run make bench)" % path)
        return
    program = path.read_text()
    size = -(-len(program) // 1000)
    pieces = [program[i:i + size] for i in range(0, len(program), size)]

    def ui(content, status):
        return {"ai_ui": {"v": 1, "format": "openui", "version": "1.0", "status": status, "content": content}}

    host = streamchatai.UIHost()
    whole = ui(program, "complete")

    def once():
        host.receive("once", whole)
        tree = host.render("once")
        host.forget("once")
        return tree

    def appended():
        host.receive("ops", ui("", "streaming"))
        ops = 0
        for i, piece in enumerate(pieces):
            host.append("ops", piece, streaming=i < len(pieces) - 1)
            got = host.render_ops("ops")
            ops += len(got["ops"]) if got else 0
        host.forget("ops")
        return ops

    best_once = best_appended = float("inf")
    for _ in range(1 if quick else 4):
        start = time.perf_counter()
        once()
        best_once = min(best_once, time.perf_counter() - start)
        start = time.perf_counter()
        ops = appended()
        best_appended = min(best_appended, time.perf_counter() - start)
    print("   an OpenUI reply (%d bytes) in %d chunks: UIHost.receive + render of the whole reply %.1f ms;"
          % (len(program.encode()), len(pieces), best_once * 1e3))
    print("   each chunk UIHost.append'ed, render_ops (parsed to dicts) after it: %.1f ms (%d ops), %.2f×"
          % (best_appended * 1e3, ops, best_appended / best_once))


def _out(fn, *args):
    out = ctypes.c_void_p()
    assert fn(*args, ctypes.byref(out)) == 0
    return out.value


if __name__ == "__main__":
    main()
