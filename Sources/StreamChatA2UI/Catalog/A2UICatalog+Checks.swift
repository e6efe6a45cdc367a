import StreamChatAI

extension A2UICatalog {
    /// Why a value that looks like a binding or a call is neither (a binding with
    /// other keys, a call with keys a call doesn't have), or nil.
    static func malformedDynamic(_ value: JSONValue) -> String? {
        guard case .object(let o) = value else { return nil }
        if o["path"] != nil || o["@path"] != nil, o["call"] == nil, o["@call"] == nil {
            return o.count == 1 && (o["path"] ?? o["@path"])?.stringValue != nil ? nil : "is a binding with more than a string path"
        }
        if o["call"] != nil || o["@call"] != nil {
            guard (o["call"] ?? o["@call"])?.stringValue != nil else { return "is a call whose name is not a string" }
            // (Read otherwise as no arguments, and as the surface's catalog: the call would run as another.)
            if let args = o["args"], args.objectValue == nil { return "is a call whose args are not an object, found \(args.typeName)" }
            if let catalog = o["catalogId"], catalog.stringValue == nil { return "is a call whose catalogId is not a string, found \(catalog.typeName)" }
            let extra = o.keys.filter { !["call", "@call", "args", "catalogId", "returnType"].contains($0) }
            return extra.isEmpty ? nil : "is a call with keys a call does not have: \(extra.joined(separator: ", "))"
        }
        return nil
    }

    /// Checks a basic component's properties when it arrives: required ones
    /// present, each of its kind (a choice among its values, child ids as
    /// strings, a literal or a binding or a call where a dynamic value goes).
    /// Properties the catalog does not name are left alone (lenient).
    /// - Throws: ``A2UIProblem`` `VALIDATION_FAILED` at the property's pointer.
    func check(_ component: A2UIComponent, spec: A2UIComponentSpec, at path: String) throws(A2UIProblem) {
        func fail(_ property: String, _ why: String) -> A2UIProblem {
            A2UIProblem(A2UIProblem.Code.validationFailed, "Validation failed for component '\(component.type)' (\(component.id)): \(property) \(why)",
                        path: path + "/" + property)
        }
        for name in spec.required where component.properties[name] == nil || component.properties[name] == .null {
            throw fail(name, "is required")
        }
        for (name, kind) in spec.properties {
            guard let value = component.properties[name] else { continue }
            let dynamic = A2UIDynamic.isDynamic(value)
            switch kind {
            case .dynamicString, .dynamicNumber, .dynamicBoolean, .dynamicStringList:
                if let why = Self.malformedDynamic(value) { throw fail(name, why) }
            default: break
            }
            switch kind {
            case .dynamicString where !dynamic:
                guard value.stringValue != nil || value.doubleValue != nil || value.boolValue != nil else { throw fail(name, "must be a string, a binding or a call, found \(value.typeName)") }
            case .dynamicNumber where !dynamic:
                guard value.doubleValue != nil else { throw fail(name, "must be a number, a binding or a call, found \(value.typeName)") }
            case .dynamicBoolean where !dynamic:
                guard value.boolValue != nil else { throw fail(name, "must be a boolean, a binding or a call, found \(value.typeName)") }
            case .dynamicStringList where !dynamic:
                guard value.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else { throw fail(name, "must be a list of strings, a binding or a call, found \(value.typeName)") }
            case .number:
                guard let n = value.doubleValue else { throw fail(name, "must be a number, found \(value.typeName)") }
                if component.type == "Slider" && name == "steps" && (n < 1 || n.rounded() != n) { throw fail(name, "must be a whole number of at least 1") }
            case .boolean:
                guard value.boolValue != nil else { throw fail(name, "must be a boolean, found \(value.typeName)") }
            case .choice(let allowed):
                guard let s = value.stringValue, allowed.contains(s) else {
                    throw fail(name, "must be one of \(allowed.joined(separator: ", ")), found \(JSONSerializer.string(value))")
                }
            case .child:
                guard value.stringValue?.isEmpty == false else { throw fail(name, "must be a component id, found \(value.typeName)") }
            case .childList:
                switch value {
                case .array(let ids): guard ids.allSatisfy({ $0.stringValue?.isEmpty == false }) else { throw fail(name, "must list component ids") }
                case .object(let t): guard t["componentId"]?.stringValue != nil, t["path"]?.stringValue != nil else { throw fail(name, "must be ids or a template {componentId, path}") }
                default: throw fail(name, "must be ids or a template {componentId, path}, found \(value.typeName)")
                }
            case .tabs:
                guard let tabs = value.arrayValue, !tabs.isEmpty,
                      tabs.allSatisfy({ $0["child"]?.stringValue != nil && $0["title"] != nil }) else { throw fail(name, "must be a non-empty list of {title, child}") }
            case .options:
                guard let options = value.arrayValue, options.allSatisfy({ $0["label"] != nil && $0["value"]?.stringValue != nil }) else {
                    throw fail(name, "must be a list of {label, value}")
                }
            case .action:
                guard value["event"]?["name"]?.stringValue != nil || value["functionCall"]?.objectValue != nil else {
                    throw fail(name, "must be {event: {name, context?}} or {functionCall: {call, args?}}")
                }
            case .checks:
                guard value.arrayValue?.allSatisfy({ $0.objectValue != nil }) == true else { throw fail(name, "must be a list of check rules") }
            case .icon:
                if let svg = value["svgPath"] {
                    guard svg.stringValue != nil || A2UIDynamic.isDynamic(svg), Self.malformedDynamic(svg) == nil else {
                        throw fail(name, "svgPath must be a string or a binding, found \(svg.typeName)")
                    }
                } else if value.stringValue == nil && !dynamic {
                    throw fail(name, "must be an icon name, {svgPath} or a binding")
                }
            default: break
            }
        }
    }

    /// Checks what any component may carry, whatever its catalog: its accessibility attributes (common_types.json
    /// AccessibilityAttributes), as a front end maps them to ARIA: `live` one of its three values, the others
    /// well-formed dynamic values.
    /// - Throws: ``A2UIProblem`` `VALIDATION_FAILED` at the property's pointer.
    static func checkCommon(_ component: A2UIComponent, at path: String) throws(A2UIProblem) {
        guard let accessibility = component.properties["accessibility"] else { return }
        func fail(_ why: String) -> A2UIProblem {
            A2UIProblem(A2UIProblem.Code.validationFailed, "Validation failed for component '\(component.type)' (\(component.id)): accessibility \(why)",
                        path: path + "/accessibility")
        }
        guard case .object(let a) = accessibility else {
            throw fail("must be an object of label, description, live and hidden, found \(accessibility.typeName)")
        }
        if let live = a["live"], !["off", "polite", "assertive"].contains(live.stringValue ?? "") {
            throw fail("live must be one of off, polite, assertive, found \(JSONSerializer.string(live))")
        }
        for key in ["label", "description", "hidden"] {
            if let value = a[key], let why = malformedDynamic(value) { throw fail("\(key) \(why)") }
        }
    }
}
