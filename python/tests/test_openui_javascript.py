"""OpenUI values and operators against a real JavaScript engine (Node.js).

The spec (sections 3.1-3.4) says a client in another language MUST reproduce
ECMA-262's ToNumber, Number::toString and IsLooselyEqual, and defines its
operators and built-ins on top of them. These tests write random expressions,
have Node.js evaluate them under the spec's rules (JavaScript's own conversions,
with the spec's departures written out below: a string that is no number counts
as 0, null joins as "", a divisor of 0 gives 0, @Sort compares code points), and
render the same expressions through the C library, each as the text of
`TextContent("" + (expression))`. Every case must give the same text."""

import json
import random
import shutil
import subprocess

import pytest

from streamchatai import UIHost

NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed (make test installs it)")

# The spec's rules on top of JavaScript's conversions; `cases` is a list of [expression, kind, operands...].
SPEC_IN_JAVASCRIPT = r"""
const toNumber = v => typeof v === "number" ? v : typeof v === "string" ? (isNaN(Number(v)) ? 0 : Number(v))
    : v === true ? 1 : 0;
const text = v => v === null ? "" : Array.isArray(v) ? v.map(text).join(",") : String(Object.is(v, -0) ? 0 : v);
const noNaN = n => Number.isNaN(n) ? 0 : n;
const binary = {
  "+": (a, b) => typeof a === "string" || typeof b === "string" ? text(a) + text(b) : noNaN(toNumber(a) + toNumber(b)),
  "-": (a, b) => noNaN(toNumber(a) - toNumber(b)), "*": (a, b) => noNaN(toNumber(a) * toNumber(b)),
  "/": (a, b) => toNumber(b) === 0 ? 0 : noNaN(toNumber(a) / toNumber(b)),
  "%": (a, b) => toNumber(b) === 0 ? 0 : noNaN(toNumber(a) % toNumber(b)),
  "==": (a, b) => a == b, "!=": (a, b) => a != b, "===": (a, b) => a == b, "!==": (a, b) => a != b,
  ">": (a, b) => toNumber(a) > toNumber(b), "<": (a, b) => toNumber(a) < toNumber(b),
  ">=": (a, b) => toNumber(a) >= toNumber(b), "<=": (a, b) => toNumber(a) <= toNumber(b),
  "&&": (a, b) => a && b, "||": (a, b) => a || b,
};
const codePoints = s => [...s].map(c => c.codePointAt(0));
const byCodePoint = (a, b) => {
  const x = codePoints(a), y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};
const numeric = v => typeof v === "number" ? v : typeof v === "string" && v !== "" && !isNaN(Number(v)) ? Number(v) : null;
const sort = (list, desc) => list.map((v, i) => [v, i]).sort((a, b) => {
  const x = numeric(a[0]), y = numeric(b[0]);
  const order = x !== null && y !== null ? x - y : byCodePoint(text(a[0]), text(b[0]));
  return order !== 0 ? (desc ? -order : order) : a[1] - b[1];
}).map(e => e[0]);
const filter = (list, op, value) => list.filter(v => {
  switch (op) {
    case "==": return v == value; case "!=": return v != value;
    case ">": return toNumber(v) > toNumber(value); case "<": return toNumber(v) < toNumber(value);
    case ">=": return toNumber(v) >= toNumber(value); case "<=": return toNumber(v) <= toNumber(value);
    case "contains": return text(v).includes(text(value));
    default: return false;
  }
});
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([kind, a, b, c]) => {
  switch (kind) {
    case "binary": return text(binary[b](a, c));
    case "not": return text(!a);
    case "negate": return text(noNaN(-toNumber(a)));
    case "number": return text(Number(a));
    case "round": { const f = 10 ** b; return text(Math.round(toNumber(a) * f) / f); }
    case "sort": return text(sort(a, b === "desc"));
    case "filter": return text(filter(a, b, c));
    case "aggregate": {
      const n = a.map(toNumber), sum = n.reduce((s, x) => s + x, 0);
      return [sum, n.length ? sum / n.length : 0, n.length ? Math.min(...n) : 0, n.length ? Math.max(...n) : 0,
              a.length ? a[0] : null, a.length ? a[a.length - 1] : null].map(text).join("|");
    }
  }
});
process.stdout.write(JSON.stringify(out));
"""

SCALARS = [0, 1, -1, 2.5, -7, 3, 0.1, 1e21, 123456789, "", "0", "1", "2.5", "abc", " 3 ", "1e3", "0x10", "-0", "true",
           "b", "B", "\u00e9", "e\u0301", "\U0001F600", "\uff5e", "10", "9", True, False, None]


def literal(value):
    """The OpenUI literal of a JSON-like value (numbers as Python writes them: shortest digits, as JavaScript does)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return repr(value) if isinstance(value, float) else str(value)


def aggregates(items):
    items = literal(items)
    return " + \"|\" + ".join(f"@{name}({items})" for name in ["Sum", "Avg", "Min", "Max", "First", "Last"])


# Each kind of case as OpenUI Lang (the operands a, b, c as the cases give them).
EXPRESSIONS = {
    "binary": lambda a, b, c: f"({literal(a)} {b} {literal(c)})",
    "not": lambda a, b, c: f"!{literal(a)}",
    "negate": lambda a, b, c: f"-({literal(a)})",
    "number": lambda a, b, c: a,
    "round": lambda a, b, c: f"@Round({literal(a)}, {b})",
    "sort": lambda a, b, c: f'@Sort({literal(a)}, "", "{b}")',
    "filter": lambda a, b, c: f'@Filter({literal(a)}, "", "{b}", {literal(c)})',
    "aggregate": lambda a, b, c: aggregates(a),
}


def expression(kind, a, b=None, c=None):
    return EXPRESSIONS[kind](a, b, c)


def cases(seed):
    rng = random.Random(seed)
    out = []
    for op in ["+", "-", "*", "/", "%", "==", "!=", "===", "!==", ">", "<", ">=", "<=", "&&", "||"]:
        for _ in range(60):
            out.append(("binary", rng.choice(SCALARS), op, rng.choice(SCALARS)))
    for value in SCALARS:
        out += [("not", value), ("negate", value)]
    for _ in range(300):
        magnitude = 10 ** rng.randint(-25, 25)
        x = rng.choice([(rng.random() - 0.5) * magnitude, round(rng.random() * 1e6) / 10 ** rng.randint(0, 7),
                        rng.randint(1, 9) * magnitude, rng.random() * 2 ** rng.randint(-100, 100)])
        out.append(("number", repr(x)))
    for _ in range(200):
        x = rng.choice([(rng.random() - 0.5) * 10 ** rng.randint(-3, 12), rng.randint(-10, 10) + 0.5,
                        rng.choice([0.49999999999999994, 4503599627370497, 2.675, 1.005, -0.5])])
        out.append(("round", x, rng.randint(-2, 4)))
    for _ in range(150):
        items = [rng.choice(SCALARS) for _ in range(rng.randint(0, 6))]
        out.append(("sort", [v for v in items if v != ""], rng.choice(["asc", "desc"])))
        out.append(("filter", items, rng.choice(["==", "!=", ">", "<", ">=", "<=", "contains", "~"]), rng.choice(SCALARS)))
        out.append(("aggregate", items))
    return out


def javascript(all_cases):
    run = subprocess.run([NODE, "-e", SPEC_IN_JAVASCRIPT], input=json.dumps([list(c) for c in all_cases]),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def rendered(all_cases):
    host = UIHost()
    texts = []
    for start in range(0, len(all_cases), 250):
        chunk = all_cases[start:start + 250]
        items = ", ".join(f'TextContent("" + ({expression(*c)}))' for c in chunk)
        host.receive("m", {"ai_ui": {"v": 1, "format": "openui", "version": "1.0", "status": "complete",
                                     "content": f"root = Card([{items}])"}})
        children = host.render("m")["root"]["children"]
        assert len(children) == len(chunk), "every case renders one TextContent"
        texts += [child["props"]["text"] for child in children]
    return texts


@pytest.mark.parametrize("seed", [1, 2])
def test_values_operators_and_builtins_render_as_a_javascript_client_evaluates_them(seed):
    all_cases = cases(seed)
    want, got = javascript(all_cases), rendered(all_cases)
    wrong = [(expression(*c), w, g) for c, w, g in zip(all_cases, want, got) if w != g]
    assert not wrong, f"{len(wrong)} of {len(all_cases)} differ from Node.js, such as {wrong[:5]}"
