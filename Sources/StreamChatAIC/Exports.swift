import CStreamChatAIABI
import StreamChatAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C entry points of include/streamchatai.h. Each one only converts and
// forwards: the behaviour lives in the StreamChatAI target.

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(SCA_VERSION_STRING)!

@c @implementation
public func sca_abi_version() -> Int32 { SCA_ABI_VERSION }

@c @implementation
public func sca_version() -> UnsafePointer<CChar>! { UnsafePointer(versionString) }

@c @implementation
public func sca_version_number() -> Int32 { Int32(StreamChatAIVersion.number) }

nonisolated(unsafe) private let statusNames: [UnsafeMutablePointer<CChar>] = ([
    "SCA_OK", "SCA_E_INVALID_ARGUMENT", "SCA_E_INVALID_JSON", "SCA_E_LIMIT", "SCA_E_NOT_FOUND",
    "SCA_E_REFUSED", "SCA_E_PLUGIN", "SCA_E_INTERNAL", "SCA_E_IO", "SCA_E_CANCELLED", "SCA_E_UNKNOWN",
] as [String]).map { strdup($0)! }

@c @implementation
public func sca_status_name(_ status: sca_status) -> UnsafePointer<CChar>! {
    let index = status >= 0 && status < statusNames.count - 1 ? Int(status) : statusNames.count - 1
    return UnsafePointer(statusNames[index])
}

@c @implementation
public func sca_last_error() -> UnsafePointer<CChar>! { LastError.current }

@c @implementation
public func sca_free(_ p: UnsafeMutableRawPointer!) { free(p) }

@c @implementation
public func sca_limit(_ limitID: Int32, _ newValue: Int64) -> Int64 {
    let clamped = Int(clamping: newValue)
    switch limitID {
    case SCA_LIMIT_INPUT_BYTES:
        return Int64(newValue < 0 ? JSONLimits.process.maxBytes : JSONLimits.setProcessMaxBytes(clamped))
    case SCA_LIMIT_JSON_DEPTH:
        return Int64(newValue < 0 ? JSONLimits.process.maxDepth : JSONLimits.setProcessMaxDepth(clamped))
    default:
        return -1
    }
}
