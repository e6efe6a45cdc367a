import StreamChatAI
import Testing
@testable import StreamChatA2UI

/// Bindings, coercion and the basic catalog's functions, through a Text's resolved `text`.
@Suite struct A2UIFunctionTests {
    /// The text a Text shows for `value`, with `model` as the data, and the problems told.
    func text(_ value: JSONValue, model: JSONValue = [:], host: AIUIHost? = nil, log: Log = Log()) -> (String?, [String]) {
        let host = host ?? a2uiHost(log)
        receive(host, jsonl([["version": "v1.0", "createSurface": ["surfaceId": "s", "catalogId": "basic", "dataModel": model]],
                             components([["id": "root", "component": "Text", "text": value]])]))
        return (host.render(messageID: "m")?.root.children.first?.props["text"]?.stringValue, log.allErrors)
    }

    func call(_ name: String, _ args: JSONValue) -> JSONValue { ["call": .string(name), "args": args] }

    @Test func `a binding shows the data, in both spellings, with RFC 6901 escapes, and missing data is empty`() {
        let model: JSONValue = ["user": ["name": "Ada"], "a/b": ["c~d": "esc"], "n": 34]
        #expect(text(["path": "/user/name"], model: model).0 == "Ada")
        #expect(text(["@path": "/user/name"], model: model).0 == "Ada")
        #expect(text(["path": "/a~1b/c~0d"], model: model).0 == "esc")
        #expect(text(["path": "/n"], model: model).0 == "34")
        #expect(text(["path": "/missing"], model: model) == ("", []))
        #expect(text(["@call": "formatString", "args": ["value": "Go, ${/user/name}"]], model: model).0 == "Go, Ada")
    }

    @Test func `the coercion rules: objects as JSON, numbers plain, booleans as words`() {
        #expect(text(["path": "/o"], model: ["o": ["k": 1]]).0 == "{\"k\":1}")
        #expect(text(["path": "/f"], model: ["f": 2.5]).0 == "2.5")
        #expect(text(call("not", ["value": "TRUE"])).0 == "false")
        #expect(text(call("not", ["value": 0])).0 == "true")
        #expect(text(call("and", ["values": [true, "true"]])).0 == "true")
        #expect(text(call("or", ["values": [false, 0]])).0 == "false")
    }

    @Test func `an interpolation holds literals, keywords, nested interpolations, calls or paths (conformance expressions)`() {
        let model: JSONValue = ["n": 3, "a": ["b": "deep"], "dash-ed.name_x": "odd", "truthy": "path"]
        for (template, expected) in [
            ("${'single'} ${\"double\"}", "single double"), ("${'tab\\there'}", "tab\there"), ("${'don\\'t'}", "don't"),
            ("${12}|${0.25}|${0009}|${-4}", "12|0.25|9|-4"), ("${true}/${false}/${null}", "true/false/"), ("${truthy}", "path"),
            ("${${'in'}}", "in"), ("${  /a/b  }", "deep"), ("${dash-ed.name_x}", "odd"), ("${n}${n}", "33"),
            ("${formatNumber(value: ${n}, decimals: 1)}", "3.0"), ("\\${n} ${n}", "${n} 3"),
        ] {
            let (shown, problems) = text(call("formatString", ["value": .string(template)]), model: model)
            #expect(shown == expected && problems.isEmpty, "\(template): \(shown ?? "nil") \(problems)")
        }
    }

    @Test func `a malformed template fails the call and says what is wrong and where`() {
        for (template, problem) in [("x ${open", "Unclosed interpolation opened at character 3"),
                                    ("${f(a: 1, b: 2}", "Expected ',' or ')' after function arguments at character 15"),
                                    ("${f(a 1)}", "Expected ':' after argument name at character 7"),
                                    ("${true 1}", "Unexpected characters after the expression at character 8"),
                                    ("${4.5.6}", "Invalid number literal 4.5.6 at character 3"), ("${'open}", "Unclosed string literal at character 3")] {
            let (shown, problems) = text(call("formatString", ["value": .string(template)]))
            #expect(shown == "" && problems.count == 1 && problems[0].contains(problem), "\(template): \(problems)")
        }
    }

    @Test func `formatString inserts paths and calls, nests, and keeps an escaped dollar`() {
        let model: JSONValue = ["user": ["name": "Ada"], "d": "2026-03-04T05:06:07Z", "price": 1234.5]
        #expect(text(call("formatString", ["value": "Hello, ${/user/name}!"]), model: model).0 == "Hello, Ada!")
        #expect(text(call("formatString", ["value": "On ${formatDate(value: ${/d}, format: 'yyyy-MM-dd')}"]), model: model).0 == "On 2026-03-04")
        #expect(text(call("formatString", ["value": "${formatCurrency(value: ${/price}, currency: 'USD')}"]), model: model).0 == "$1,234.50")
        #expect(text(call("formatString", ["value": "costs \\${x}"])).0 == "costs ${x}")
        #expect(text(call("formatString", ["value": "${pluralize(value: 1, one: 'item', other: 'items')}"])).0 == "item")
    }

    @Test func `formatNumber, formatCurrency and formatDate write English (en-US) text`() {
        #expect(text(call("formatNumber", ["value": 1234567.891, "decimals": 2])).0 == "1,234,567.89")
        #expect(text(call("formatNumber", ["value": 1234567, "grouping": false])).0 == "1234567")
        #expect(text(call("formatNumber", ["value": -0.5, "decimals": 0])).0 == "-1")
        #expect(text(call("formatCurrency", ["value": -5, "currency": "EUR"])).0 == "-€5.00")
        #expect(text(call("formatCurrency", ["value": 1500, "currency": "JPY"])).0 == "¥1,500")
        #expect(text(call("formatCurrency", ["value": 2, "currency": "SEK"])).0 == "SEK\u{A0}2.00")
        #expect(text(call("formatDate", ["value": "2026-11-14T18:30:00+02:00", "format": "EEE, MMM d, h:mm a"])).0 == "Sat, Nov 14, 6:30 PM")
        #expect(text(call("formatDate", ["value": "2026-02-01", "format": "EEEE d MMMM yyyy"])).0 == "Sunday 1 February 2026")
        #expect(text(call("formatDate", ["value": 0, "format": "yyyy-MM-dd HH:mm:ss"])).0 == "1970-01-01 00:00:00")
    }

    @Test func `formatDate takes an epoch of any size without trapping: past 1e17 ms either way it is not a date`() {
        for value: JSONValue in [.integer(Int64.min), .integer(Int64.max), .integer(Int64.min + 999), .number(-1e300), .number(1e17)] {
            let (shown, problems) = text(call("formatDate", ["value": value, "format": "yyyy-MM-dd"]))
            #expect(shown == "" && problems.count == 1 && problems[0].contains("is not a date"), "\(value)")
        }
        #expect(text(call("formatDate", ["value": .integer(-62_135_596_800_000), "format": "yyyy-MM-dd"])).0 == "0001-01-01")
        #expect(text(call("formatDate", ["value": .number(-9.9e16), "format": "yyyy"])) == ("-3135216", []))
    }

    @Test func `numbers past 9e15 are written out in full, as Intl.NumberFormat writes them, never as an exponent or inf`() {
        #expect(text(call("formatNumber", ["value": 1e21])).0 == "1,000,000,000,000,000,000,000")
        #expect(text(call("formatNumber", ["value": .integer(Int64.min)])).0 == "-9,223,372,036,854,776,000")
        #expect(text(call("formatCurrency", ["value": 1e20, "currency": "USD"])).0 == "$100,000,000,000,000,000,000.00")
        let huge = text(call("formatNumber", ["value": 1e308, "decimals": 2])).0 ?? ""
        #expect(huge.count == 414 && huge.hasPrefix("100,000,000,000,000,") && huge.hasSuffix("0,000.00"))
        #expect(text(call("formatNumber", ["value": 1e308, "decimals": .integer(Int64.max), "grouping": false])).0
                == "1" + String(repeating: "0", count: 308) + "." + String(repeating: "0", count: 20))
        // Digits that pass an Int64 only once scaled by the decimals keep their fraction.
        #expect(text(call("formatNumber", ["value": 12345.678, "decimals": 12])).0 == "12,345.678000000000")
        #expect(text(call("formatNumber", ["value": 123456789.123, "decimals": 12])).0 == "123,456,789.123000000000")
    }

    @Test func `a number shown as text is written as JavaScript's String writes it, not as Swift does`() {
        for (value, expected): (Double, String) in [(1e16, "10000000000000000"), (1e-6, "0.000001"), (1.5e-7, "1.5e-7"),
                                                    (1e21, "1e+21"), (-0.0, "0"), (0.1 + 0.2, "0.30000000000000004")] {
            #expect(text(call("formatString", ["value": "${/x}"]), model: ["x": .number(value)]).0 == expected, "\(value)")
        }
    }

    @Test func `pluralize picks an explicit zero, one or two form for 0, 1 or 2, else other (conformance D27)`() {
        let forms: JSONObject = ["zero": "none", "one": "one item", "two": "a couple", "other": "many items"]
        for (n, expected): (JSONValue, String) in [(0, "none"), (1, "one item"), (-1, "one item"), (1.0, "one item"),
                                                   (2, "a couple"), (1.5, "many items"), (5, "many items")] {
            var args = forms
            args["value"] = n
            #expect(text(call("pluralize", .object(args))).0 == expected, "\(n)")
        }
        // Without the explicit form English's rules apply; an explicit "" is kept, not replaced by other.
        #expect(text(call("pluralize", ["value": 0, "one": "one", "other": "many"])).0 == "many")
        #expect(text(call("pluralize", ["value": 2, "other": "many"])).0 == "many")
        #expect(text(call("pluralize", ["value": 0, "zero": "", "other": "default"])).0 == "")
    }

    @Test func `and, or and not read truthiness, a validation result by its validity (conformance D26)`() {
        for (function, args, expected): (String, JSONValue, String) in [
            ("and", ["values": [1, "non-empty"]], "true"), ("and", ["values": [1, ""]], "false"), ("or", ["values": [0, "yes"]], "true"),
            ("or", ["values": [0, .null]], "false"), ("not", ["value": ""], "true"), ("not", ["value": "hello"], "false"),
            ("not", ["value": "false"], "false"), ("and", ["values": [["valid": true], ["valid": false, "code": "required"]]], "false"),
            ("not", ["value": ["valid": false]], "true"), ("and", ["values": [[], [:]]], "true"),
        ] {
            #expect(text(call(function, args)).0 == expected, "\(function) \(args)")
        }
    }

    @Test func `a formatting function refuses a value that is no number, and formatDate writes ISO as toISOString (D29)`() {
        let (shown, problems) = text(call("formatNumber", ["value": "not_a_number"]))
        #expect(shown == "" && problems.count == 1 && problems[0].contains("formatNumber needs value (a number), found \"not_a_number\""))
        #expect(text(call("formatCurrency", ["value": ["a": 1], "currency": "USD"])).1.count == 1)
        #expect(text(call("formatNumber", ["value": .null])).0 == "0" && text(call("formatNumber", ["value": " 12 "])).0 == "12")
        #expect(text(call("formatDate", ["value": "2026-08-26T12:00:00.000Z", "format": "ISO"])).0 == "2026-08-26T12:00:00.000Z")
        #expect(text(call("formatDate", ["value": "2026-08-26T12:00:00.5+02:00", "format": "ISO"])).0 == "2026-08-26T10:00:00.500Z")
        #expect(text(call("formatDate", ["value": .integer(-1), "format": "ISO"])).0 == "1969-12-31T23:59:59.999Z")
        #expect(text(call("formatDate", ["value": .integer(253_402_300_800_000), "format": "ISO"])).0 == "+010000-01-01T00:00:00.000Z")
    }

    @Test func `length counts a list's items (conformance D24)`() {
        func valid(_ args: JSONValue) -> Bool? { text(call("length", args)).0.flatMap { try? JSONParser.parse($0)["valid"]?.boolValue } }
        #expect(valid(["value": ["a", "b", "c"], "min": 2, "max": 4]) == true && valid(["value": ["a"], "min": 2]) == false)
    }

    @Test func `numbers round as a browser's Intl.NumberFormat rounds them: from their shortest digits, half away from zero`() {
        // 1.005 is 1.00499999999999989... in binary; a browser writes it from "1.005" and rounds up.
        for (value, decimals, expected): (Double, JSONValue, String) in [
            (1.005, 2, "1.01"), (0.285, 2, "0.29"), (9.995, 2, "10.00"), (999.9995, .null, "1,000"), (-2.5, 0, "-3"),
            (1234.5678, .null, "1,234.568"), (0.0005, .null, "0.001"), (1.5e-7, .null, "0"), (-0.0, .null, "-0"),
            (-0.0004, 2, "-0.00"), (4092112557040050.5, 4, "4,092,112,557,040,050.5000"),
        ] {
            #expect(text(call("formatNumber", ["value": .number(value), "decimals": decimals])).0 == expected, "\(value) \(decimals)")
        }
    }

    @Test func `a currency shows its CLDR symbol or its code and a no-break space, and its usual digits`() {
        for (code, expected) in [("USD", "$1,234.57"), ("usd", "$1,234.57"), ("KWD", "KWD\u{A0}1,234.568"), ("JPY", "¥1,235"),
                                 ("CHF", "CHF\u{A0}1,234.57"), ("XYZ", "XYZ\u{A0}1,234.57"), ("XOF", "F\u{202F}CFA\u{A0}1,235")] {
            #expect(text(call("formatCurrency", ["value": 1234.5678, "currency": .string(code)])).0 == expected, "\(code)")
        }
        #expect(text(call("formatCurrency", ["value": -0.001, "currency": "EUR"])).0 == "-€0.00")
        // Text that is no currency code: the reference's fallback, value.toFixed(decimals ?? 2), which rounds the
        // binary value (1.005 is 1.00) and writes 1e21 and more with an exponent.
        for (value, expected) in [(1.005, "1.00"), (-1234.5, "-1234.50"), (-0.0, "0.00"), (1e21, "1e+21"), (0.125, "0.13")] {
            #expect(text(call("formatCurrency", ["value": .number(value), "currency": "US"])).0 == expected, "\(value)")
        }
    }

    @Test func `validators return validation results`() {
        func valid(_ name: String, _ args: JSONValue) -> Bool? {
            let log = Log()
            let host = a2uiHost(log)
            receive(host, jsonl([create(), components([["id": "root", "component": "TextField", "label": "x", "checks": [["condition": call(name, args)]]]])]))
            return host.render(messageID: "m")?.root.children.first?.props["validation"]?["valid"]?.boolValue
        }
        #expect(valid("required", ["value": ""]) == false && valid("required", ["value": []]) == false && valid("required", ["value": "x"]) == true)
        #expect(valid("regex", ["value": "AB12", "pattern": "^[A-Z]{2}[0-9]+$"]) == true && valid("regex", ["value": "ab", "pattern": "^[A-Z]+$"]) == false)
        #expect(valid("length", ["value": "abc", "min": 2, "max": 3]) == true && valid("length", ["value": "abcd", "max": 3]) == false)
        #expect(valid("numeric", ["value": "12", "min": 10]) == true && valid("numeric", ["value": "x", "min": 0]) == false)
        #expect(valid("email", ["value": "a@b.co"]) == true && valid("email", ["value": "a@b"]) == false && valid("email", ["value": "a b@c.d"]) == false)
        #expect(valid("regex", ["value": .string(String(repeating: "a", count: 40) + "!"), "pattern": "(a+)+$x"]) == false)
    }

    @Test func `length counts UTF-16 code units and email is the reference renderer's pattern, as a browser runs them`() {
        func valid(_ name: String, _ args: JSONValue) -> Bool? {
            text(call(name, args)).0.flatMap { try? JSONParser.parse($0)["valid"]?.boolValue }
        }
        // An emoji is two units (JavaScript's length, a browser's maxlength); a decomposed é is two as well.
        #expect(valid("length", ["value": "😀", "max": 1]) == false && valid("length", ["value": "😀", "min": 2, "max": 2]) == true)
        #expect(valid("length", ["value": "e\u{301}", "max": 1]) == false)
        #expect(valid("length", ["value": "ab", "min": 2.5]) == false)  // bounds read as numbers
        for (address, ok) in [("a@b.co", true), ("A+x.y_z%-@EX-1.COM", true), ("a@b..co", true), ("a@b.c", false), ("a@b", false),
                              ("@b.co", false), ("a b@c.de", false), ("a@b.co ", false), ("a@@b.co", false), ("é@b.co", false),
                              ("a@b.c0m", false), ("a@.co", false), ("a@b.co.", false)] {
            #expect(valid("email", ["value": .string(address)]) == ok, "\(address)")
        }
    }

    @Test func `a check that returns a boolean falls back to the rule's message`() {
        let host = a2uiHost(Log())
        receive(host, jsonl([["version": "v1.0", "createSurface": ["surfaceId": "s", "dataModel": ["age": 15],
            "components": [["id": "root", "component": "TextField", "label": "Age", "value": ["path": "/age"],
                            "checks": [["condition": ["call": "numeric", "args": ["value": ["path": "/age"], "min": 18]], "message": "Must be 18 or older."]]]]]]]))
        let validation = host.render(messageID: "m")?.root.children.first?.props["validation"]
        #expect(validation?["valid"] == false)
        #expect(validation?["errors"]?[0]?["message"] == "Must be 18 or older." && validation?["errors"]?[0]?["severity"] == "error")
    }

    @Test func `@index outside a template is null and reported`() {
        let (shown, errors) = text(call("@index", [:]))
        #expect(shown == "")
        #expect(errors.contains { $0.contains("@index function can only be evaluated inside a collection template iteration scope.") })
    }

    @Test func `a function neither the catalog nor a tool defines is null and reported`() {
        let (shown, errors) = text(call("weatherNow", ["city": "Oslo"]))
        #expect(shown == "")
        #expect(errors.contains { $0.contains("weatherNow") && $0.contains("no tool") })
    }

    @Test func `a function the catalog lacks runs as a read-only host tool and its result renders the reply again`() throws {
        let log = Log()
        let host = a2uiHost(log, tools: [try tool("weather_now", readOnly: true, log: log, output: ["value": "Sunny"])])
        _ = text(call("weather_now", ["city": "Oslo"]), host: host, log: log)
        #expect(log.toolCalls.withLock { $0 } == ["weather_now {\"city\":\"Oslo\"}"])
        #expect(log.renders.withLock { $0 }.contains("m"))
        #expect(host.render(messageID: "m")?.root.children.first?.props["text"] == "Sunny")
        _ = host.render(messageID: "m")
        #expect(log.toolCalls.withLock { $0 }.count == 1)  // run once, its result kept
    }

    @Test func `a tool that changes things is refused while rendering: the value is null and the refusal reported`() throws {
        let log = Log()
        let host = a2uiHost(log, tools: [try tool("book_table", readOnly: false, log: log, output: ["value": "booked"])])
        _ = text(call("book_table", [:]), host: host, log: log)
        #expect(log.toolCalls.withLock { $0 }.isEmpty)
        #expect(host.render(messageID: "m")?.root.children.first?.props["text"] == "")
        #expect(log.allErrors.contains { $0.contains("book_table") })
    }

    @Test func `calls nest at most five deep`() {
        var value: JSONValue = "x"
        for _ in 0..<12 { value = call("formatString", ["value": value]) }
        let (_, errors) = text(value)
        #expect(errors.contains { $0.contains("nest deeper than 5") })
    }

    @Test func `non-finite and huge numbers never trap`() {
        #expect(text(call("formatNumber", ["value": 1e300, "decimals": 2])).0 != nil)
        let (shown, problems) = text(call("formatNumber", ["value": "1e400"]))  // no finite number: refused, reported
        #expect(shown == "" && problems.count == 1)
        #expect(text(call("pluralize", ["value": 1e300, "other": "many"])).0 == "many")
    }
}
