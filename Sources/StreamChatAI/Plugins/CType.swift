import CFFI

/// The C types a plain C function tool can take and return.
public enum CType: String, Sendable, Hashable, CaseIterable {
    case bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double
    /// A borrowed string (a parameter, or a result the function keeps).
    case constString = "const char *"
    /// A result string the caller frees with the manifest's `free` function.
    case ownedString = "char *"
    /// No result.
    case void

    /// The JSON Schema of an argument of this type, with the type's range.
    var argumentSchema: JSONValue {
        func integer(_ lo: Int64, _ hi: Int64) -> JSONValue {
            ["type": "integer", "minimum": .integer(lo), "maximum": .integer(hi)]
        }
        switch self {
        case .bool: return ["type": "boolean"]
        case .int8: return integer(Int64(Int8.min), Int64(Int8.max))
        case .int16: return integer(Int64(Int16.min), Int64(Int16.max))
        case .int32: return integer(Int64(Int32.min), Int64(Int32.max))
        case .int64: return integer(.min, .max)
        case .uint8: return integer(0, Int64(UInt8.max))
        case .uint16: return integer(0, Int64(UInt16.max))
        case .uint32: return integer(0, Int64(UInt32.max))
        case .uint64: return integer(0, .max)
        case .float, .double: return ["type": "number"]
        case .constString, .ownedString: return ["type": "string"]
        case .void: return ["type": "null"]
        }
    }

    /// libffi's descriptor of the type.
    var ffiType: UnsafeMutablePointer<ffi_type> {
        switch self {
        case .bool, .uint8: return sca_ffi_uint8()
        case .int8: return sca_ffi_sint8()
        case .int16: return sca_ffi_sint16()
        case .uint16: return sca_ffi_uint16()
        case .int32: return sca_ffi_sint32()
        case .uint32: return sca_ffi_uint32()
        case .int64: return sca_ffi_sint64()
        case .uint64: return sca_ffi_uint64()
        case .float: return sca_ffi_float()
        case .double: return sca_ffi_double()
        case .constString, .ownedString: return sca_ffi_pointer()
        case .void: return sca_ffi_void()
        }
    }
}
