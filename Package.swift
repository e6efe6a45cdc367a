// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "streamchatai",
    products: [
        // The shipped C library: libstreamchatai.so (see Makefile `lib` for the release flags).
        .library(name: "streamchatai", type: .dynamic, targets: ["StreamChatAIC"]),
        // The Swift API, for Swift programs that link the core directly.
        .library(name: "StreamChatAI", targets: ["StreamChatAI"]),
        .executable(name: "streamchatai-cli", targets: ["streamchatai"]),
        .executable(name: "streamchatai-bench", targets: ["streamchatai-bench"]),
    ],
    targets: [
        .target(name: "StreamChatAI"),
        .systemLibrary(name: "CStreamChatAIABI", path: "Sources/CStreamChatAIABI"),
        .target(
            name: "StreamChatAIC", dependencies: ["StreamChatAI", "CStreamChatAIABI"],
            exclude: ["exports.map"]),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        .executableTarget(name: "streamchatai", dependencies: ["StreamChatAI"]),
        .executableTarget(name: "streamchatai-bench", dependencies: ["StreamChatAI", "CJansson"]),
        .testTarget(name: "StreamChatAITests", dependencies: ["StreamChatAI"]),
    ]
)
