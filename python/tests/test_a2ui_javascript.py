"""A2UI's formatting functions and checks against a real JavaScript engine (Node.js).

The reference renderer (web_core's basic catalog) formats with the platform:
``formatNumber`` and ``formatCurrency`` are ``Intl.NumberFormat`` with
``minimumFractionDigits`` and ``maximumFractionDigits`` set to ``decimals`` and
``useGrouping`` to ``grouping``; a currency code Intl refuses falls back to
``value.toFixed(decimals ?? 2)``; ``pluralize`` picks ``Intl.PluralRules``'s
category, else ``other``; the checks ``required``, ``email`` (a fixed pattern)
and ``length`` (JavaScript's ``length``, in UTF-16 units) and ``numeric`` are
one-liners over JavaScript values (``length`` counts a list's items); a number
shown as text is ``String(number)``. The library's formatters are English
(en-US), so these tests have Node.js run the same calls under en-US, render
each call through the C library as an A2UI ``Text``, and require the same text
(a check's ``valid``).

Where the library departs on purpose, the cases leave it out: ``length`` and
``email`` read any other value as a string (the catalog types it
DynamicString), where the reference measures a number as 0; ``numeric`` fails a value that is
no number (null, "", true), where the reference's ``Number()`` makes it 0; a
JSON integer past 2^53 keeps its digits, where a JavaScript number rounds it.
Where web_core and the protocol's conformance suite disagree, the library
follows the suite, so these cases leave that out too: ``pluralize`` picks an
explicit ``zero`` or ``two`` form for 0 or 2 (D27), and ``and``/``or``/``not``
read a validation result by its ``valid`` (v1.0)."""

import json
import random
import shutil
import subprocess

import pytest

from streamchatai import UIHost

NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed (make test installs it)")

CATALOG = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
CHECKS = {"required", "email", "length", "numeric"}

# The reference renderer's rules, in en-US; `cases` is a list of [function, args].
REFERENCE_IN_JAVASCRIPT = r"""
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const digits = (d) => ({minimumFractionDigits: d ?? undefined, maximumFractionDigits: d ?? undefined});
const out = cases.map(([call, a]) => {
  switch (call) {
    case "formatNumber":
      return new Intl.NumberFormat("en-US", {...digits(a.decimals), useGrouping: a.grouping ?? true}).format(a.value);
    case "formatCurrency":
      try {
        return new Intl.NumberFormat("en-US", {style: "currency", currency: a.currency, ...digits(a.decimals),
                                                useGrouping: a.grouping ?? true}).format(a.value);
      } catch (e) {
        return a.value.toFixed(a.decimals ?? 2);
      }
    case "pluralize":
      return String(a[new Intl.PluralRules("en-US").select(a.value)] ?? a.other ?? "");
    case "String":
      return String(a.value);
    case "and":
      return String(a.values.every((v) => !!v));
    case "or":
      return String(a.values.some((v) => !!v));
    case "not":
      return String(!a.value);
    case "required":
      return !(a.value === null || a.value === "" || (Array.isArray(a.value) && a.value.length === 0));
    case "email":
      return /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/.test(a.value);
    case "length": {
      const n = a.value.length;
      return !(a.min !== undefined && n < a.min) && !(a.max !== undefined && n > a.max);
    }
    case "numeric": {
      const n = Number(a.value);
      return !isNaN(n) && !(a.min !== undefined && n < a.min) && !(a.max !== undefined && n > a.max);
    }
  }
});
process.stdout.write(JSON.stringify(out));
"""

# Values whose shortest digits end in a 5 at the rounding place (1.005, 0.285: a browser rounds them up, their binary
# value would round them down), negative zero, values that round to zero, huge and tiny magnitudes.
EDGES = [0, -0.0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 1.255, 0.285, -0.0004, 0.0005, 999.9995, 9.995, 1234.5678,
         1e21, 1.5e-7, 1e-10, 5e-324, 1.7976931348623157e308, 9007199254740993, 1e15 + 0.3, 0.1 + 0.2, 4.35, 1e16]
# Currencies the CLDR data of every recent ICU agrees on: symbols, a code with a no-break space, 0 and 3 digits, a code
# Intl has no data for, one in lower case, and texts that are no code (the toFixed fallback).
CURRENCIES = ["USD", "EUR", "GBP", "JPY", "KRW", "KWD", "CHF", "XYZ", "usd", "US", "EURO", "1US"]


def cases(seed):
    rng = random.Random(seed)
    values = EDGES + [round(rng.uniform(-1, 1) * 10 ** rng.randint(-12, 22), rng.randint(0, 12)) for _ in range(120)]
    out = []
    for value in values:
        for decimals in (None, 0, 1, 2, 3, 6, 12, 20):
            for grouping in (None, True, False):
                out.append(("formatNumber", {"value": value, "decimals": decimals, "grouping": grouping}))
        for currency in CURRENCIES:
            out.append(("formatCurrency", {"value": value, "currency": currency, "decimals": rng.choice((None, 0, 2, 4)),
                                           "grouping": rng.choice((None, True, False))}))
    for value in (0, 1, 1.0, 2, 1.5, -1, 0.5, 100):
        out.append(("pluralize", {"value": value, "one": "one", "other": "other"}))
        out.append(("pluralize", {"value": value, "other": "other"}))
    for values in ([1, "x"], [0, "yes"], [1, ""], ["false", 1], [None, 2.5], [[], {}]):
        out.append(("and", {"values": values}))
        out.append(("or", {"values": values}))
    for value in ("", "hello", "false", 0, 1, None, [], {}):
        out.append(("not", {"value": value}))
    texts = ["", "a", "ab", "abc", "\U0001F600", "\U0001F389\U0001F389", "e\u0301", "\u00e9", " 12 ", "a@b.co", "a@b.c",
             "a@b..co", "@b.co", "a@b", "a b@c.de", "A+x.y_z%-@EX-1.COM", "a@.co", "a@b.co.", "\u00e9@b.co", "a@b.c0m"]
    for value in texts + [None, [], [1]]:
        out.append(("required", {"value": value}))
    for value in ([], ["a"], ["a", "b", "c"], [None, [], {}]):
        for bounds in ({"max": 1}, {"min": 2}, {"min": 2, "max": 4}):
            out.append(("length", {"value": value, **bounds}))
    for value in texts:
        out.append(("email", {"value": value}))
        for bounds in ({"max": 1}, {"min": 2}, {"min": 1, "max": 3}, {"min": 2, "max": 2}, {"min": 2.5}):
            out.append(("length", {"value": value, **bounds}))
    # A number bound to a Text: the protocol's "standard string representation", JavaScript's String().
    for value in EDGES + [1e-6, 1e-7, -1.5e-7, 123456789012345680, 2.0 ** 70, 1.5e21, 0.000123]:
        if not (isinstance(value, int) and abs(value) > 2 ** 53):
            out.append(("String", {"value": value}))
    for value in (0, -1, 12, 2.5, 1e300, "12", " 12 ", "1e3", "-5", "0x10", "abc", "12abc"):
        for bounds in ({"min": 5}, {"max": 10}, {"min": 0, "max": 100}, {"min": -1e300, "max": 1e300}):
            out.append(("numeric", {"value": value, **bounds}))
    return out


def javascript(all_cases):
    run = subprocess.run([NODE, "-e", REFERENCE_IN_JAVASCRIPT], input=json.dumps(all_cases),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def rendered(all_cases):
    components = [{"id": "root", "component": "Column", "children": [f"t{i}" for i in range(len(all_cases))]}]
    data = {}
    for i, (call, args) in enumerate(all_cases):
        given = {k: v for k, v in args.items() if v is not None}
        if call == "String":  # the value from the data model, shown as text
            data[f"v{i}"] = args["value"]
            components.append({"id": f"t{i}", "component": "Text", "text": {"path": f"/v{i}"}})
        else:
            components.append({"id": f"t{i}", "component": "Text", "text": {"call": call, "args": given}})
    messages = [{"version": "v1.0", "createSurface": {"surfaceId": "s", "catalogId": CATALOG, "dataModel": data}},
                {"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": components}}]
    host = UIHost()
    host.receive("m", {"ai_ui": {"v": 1, "format": "a2ui", "version": "1.0", "status": "complete",
                                 "content": "\n".join(json.dumps(m) for m in messages)}})
    texts = {}

    def walk(node):
        if node["type"] == "Text":
            texts[node["id"].rsplit(":", 1)[-1]] = node["props"]["text"]
        for child in node["children"]:
            walk(child)

    walk(host.render("m")["root"])
    assert len(texts) == len(all_cases), "every call renders one Text"
    # A check's text is its validation result, {"valid": ...}: compared by its verdict.
    return [json.loads(texts[f"t{i}"])["valid"] if call in CHECKS else texts[f"t{i}"]
            for i, (call, _) in enumerate(all_cases)]


@pytest.mark.parametrize("seed", [1, 2])
def test_formatting_and_checks_match_the_reference_renderers_javascript_in_en_us(seed):
    all_cases = cases(seed)
    want, got = javascript(all_cases), rendered(all_cases)
    wrong = [(c, w, g) for c, w, g in zip(all_cases, want, got) if w != g]
    assert not wrong, f"{len(wrong)} of {len(all_cases)} differ from Node.js, such as {wrong[:5]}"
