/// The library's version.
public enum StreamChatAIVersion {
    /// "MAJOR.MINOR.PATCH"; the C header's `SCA_VERSION_STRING` must say the same.
    public static let string = "0.3.0"
    /// MAJOR * 1000000 + MINOR * 1000 + PATCH; the C header's `SCA_VERSION_NUMBER` must say the same.
    public static let number = 3000
    /// The C ABI version; the C header's `SCA_ABI_VERSION` must say the same.
    public static let abi = 1
}
