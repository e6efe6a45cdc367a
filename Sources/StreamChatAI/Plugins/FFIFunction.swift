import CFFI

#if canImport(Glibc)
import Glibc
#endif

/// A plain C function called through libffi, with its JSON arguments mapped
/// to C values by name. Its call interface is prepared once.
final class FFIFunction: @unchecked Sendable {  // immutable after init; libffi reads the cif concurrently
    let tool: PluginManifest.FFITool
    private let function: UnsafeMutableRawPointer
    private let free: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    init(tool: PluginManifest.FFITool, library: UnsafeMutableRawPointer) throws(PluginProblem) {
        self.tool = tool
        _ = dlerror()
        guard let symbol = dlsym(library, tool.symbol) else {
            throw PluginProblem(reason: "the library has no function \(tool.symbol) for the tool \"\(tool.definition.name)\"")
        }
        function = symbol
        if let freeName = tool.freeSymbol {
            guard let freeSymbol = dlsym(library, freeName) else {
                throw PluginProblem(reason: "the library has no function \(freeName) to free the result of \(tool.symbol)")
            }
            free = unsafeBitCast(freeSymbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        } else {
            free = nil
        }
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(tool.parameters.count, 1))
        for (i, p) in tool.parameters.enumerated() { argumentTypes[i] = p.type.ffiType }
        let status = ffi_prep_cif(cif, sca_ffi_default_abi(), UInt32(tool.parameters.count), tool.returns.ffiType, argumentTypes)
        guard status == FFI_OK else {
            cif.deallocate()
            argumentTypes.deallocate()
            throw PluginProblem(reason: "libffi could not prepare a call to \(tool.symbol) (status \(status.rawValue))")
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
    }

    /// Calls the function with `arguments` (already checked against the
    /// generated schema) and returns `{"result": value}`.
    func call(_ arguments: JSONObject) -> AIToolResult {
        let count = tool.parameters.count
        // One 8-byte slot per argument holds any scalar or pointer.
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(count, 1))
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer {
            for s in strings { Glibc.free(s) }
            slots.deallocate()
            values.deallocate()
        }
        for (i, p) in tool.parameters.enumerated() {
            let raw = UnsafeMutableRawPointer(slots + i)
            values[i] = raw
            let value = arguments[p.name] ?? .null
            switch p.type {
            case .bool: raw.storeBytes(of: value.boolValue == true ? 1 : 0, as: UInt8.self)
            case .int8: raw.storeBytes(of: Int8(truncatingIfNeeded: Self.integer(value)), as: Int8.self)
            case .int16: raw.storeBytes(of: Int16(truncatingIfNeeded: Self.integer(value)), as: Int16.self)
            case .int32: raw.storeBytes(of: Int32(truncatingIfNeeded: Self.integer(value)), as: Int32.self)
            case .int64: raw.storeBytes(of: Self.integer(value), as: Int64.self)
            case .uint8: raw.storeBytes(of: UInt8(truncatingIfNeeded: Self.integer(value)), as: UInt8.self)
            case .uint16: raw.storeBytes(of: UInt16(truncatingIfNeeded: Self.integer(value)), as: UInt16.self)
            case .uint32: raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.integer(value)), as: UInt32.self)
            case .uint64: raw.storeBytes(of: UInt64(truncatingIfNeeded: Self.integer(value)), as: UInt64.self)
            case .float: raw.storeBytes(of: Float(value.doubleValue ?? 0), as: Float.self)
            case .double: raw.storeBytes(of: value.doubleValue ?? 0, as: Double.self)
            case .constString, .ownedString:
                let copy = strdup(value.stringValue ?? "")!
                strings.append(copy)
                raw.storeBytes(of: UnsafeRawPointer(copy), as: UnsafeRawPointer.self)
            case .void: break
            }
        }
        // ffi_arg-sized (or larger) storage for the result, as libffi requires.
        var result: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &result) { out in
            ffi_call(cif, unsafeBitCast(function, to: (@convention(c) () -> Void).self), out.baseAddress, values)
        }
        return .completed(output: JSONObject([("result", convert(&result))]), summary: nil)
    }

    private static func integer(_ value: JSONValue) -> Int64 {
        switch value {
        case .integer(let i): return i
        case .number(let d): return Int64(exactly: d.rounded(.towardZero)) ?? 0
        default: return 0
        }
    }

    /// Reads the result slot by the return type; integer results narrower
    /// than a register are widened by libffi to ffi_arg, so read the low bytes.
    private func convert(_ result: inout (UInt64, UInt64)) -> JSONValue {
        withUnsafeBytes(of: &result) { raw in
            let word = raw.load(as: UInt64.self)
            switch tool.returns {
            case .void: return .null
            case .bool: return .bool(word & 0xFF != 0)
            case .int8: return .integer(Int64(Int8(truncatingIfNeeded: word)))
            case .int16: return .integer(Int64(Int16(truncatingIfNeeded: word)))
            case .int32: return .integer(Int64(Int32(truncatingIfNeeded: word)))
            case .int64: return .integer(Int64(bitPattern: word))
            case .uint8: return .integer(Int64(UInt8(truncatingIfNeeded: word)))
            case .uint16: return .integer(Int64(UInt16(truncatingIfNeeded: word)))
            case .uint32: return .integer(Int64(UInt32(truncatingIfNeeded: word)))
            case .uint64: return word <= UInt64(Int64.max) ? .integer(Int64(word)) : .number(Double(word))
            case .float:
                let f = raw.load(as: Float.self)
                return f.isFinite ? .number(Double(f)) : .null
            case .double:
                let d = raw.load(as: Double.self)
                return d.isFinite ? .number(d) : .null
            case .constString, .ownedString:
                guard let p = UnsafeMutablePointer<CChar>(bitPattern: UInt(word)) else { return .null }
                let text = String(validatingCString: p)
                if tool.returns == .ownedString { free?(p) }
                return text.map(JSONValue.string) ?? .null
            }
        }
    }
}
