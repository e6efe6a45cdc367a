"""Run by `make test-wheel` with the Python of a fresh virtual environment the
wheel was installed into, from a folder outside the source tree and without
STREAMCHATAI_LIB: the installed package finds its own library (and the
plugin helper beside it), decodes, and loads its bundled plugins."""

import os
import sys
from pathlib import Path

import streamchatai

assert "STREAMCHATAI_LIB" not in os.environ
package = Path(streamchatai.__file__).resolve()
assert Path(sys.prefix).resolve() in package.parents, f"imported from {package}, not the venv"
parts = streamchatai.decode_parts([{"type": "ai_reasoning", "id": "r1", "duration_ms": 3000}])
assert parts[0]["reasoning"]["status"] == "completed", parts
tree = streamchatai.render_steps(parts)
assert tree["root"]["children"][0]["props"]["header"] == "Thought for 3s"
plugins = streamchatai.bundled_plugins()
assert plugins and Path(plugins).resolve().parent == package.parent, plugins
runner = streamchatai.Runner("u_1", "c_1")
report = runner.load_plugins(plugins)
loaded = [p["folder"] for p in report["plugins"] if p["status"] == "ok"]
assert loaded == ["cards", "mathlib", "unitconv", "weather"], report
helper = package.parent / "_lib" / "streamchatai-plugin-helper"
assert os.access(helper, os.X_OK), f"{helper} is not an executable"
print(f"wheel: streamchatai {streamchatai.version()} from {package.parent}, plugins loaded: {', '.join(sorted(loaded))}")
