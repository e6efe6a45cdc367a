// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "streamchatai",
    products: [
        // The shipped C library: libstreamchatai.so (see Makefile `lib` for the release flags).
        .library(name: "streamchatai", type: .dynamic, targets: ["StreamChatAIC"]),
        // The Swift API, for Swift programs that link the core directly.
        .library(name: "StreamChatAI", targets: ["StreamChatAI"]),
        .library(name: "StreamChatOpenUI", targets: ["StreamChatOpenUI"]),
        .library(name: "StreamChatA2UI", targets: ["StreamChatA2UI"]),
        .library(name: "StreamChatClient", targets: ["StreamChatClient"]),
        .executable(name: "streamchatai-cli", targets: ["streamchatai"]),
        .executable(name: "streamchatai-bench", targets: ["streamchatai-bench"]),
        .executable(name: "streamchatai-plugin-helper", targets: ["streamchatai-plugin-helper"]),
    ],
    targets: [
        .target(name: "StreamChatAI", dependencies: ["CFFI", "CStreamChatAIPluginABI", "CSystemShims"]),
        // OpenUI Lang 1.0: parser, evaluator, libraries, runtime and the `openui` renderer.
        .target(name: "StreamChatOpenUI", dependencies: ["StreamChatAI"]),
        // A2UI v1.0 and v0.9.x: messages, surfaces, the basic catalog and the `a2ui` renderer.
        .target(name: "StreamChatA2UI", dependencies: ["StreamChatAI"]),
        // The agent chat client: HTTP through libcurl, the UI message stream, Chatbase's endpoints, the tool loop.
        .target(name: "StreamChatClient", dependencies: ["StreamChatAI", "CCurl"]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The list of built-in renderers, one per format target, for the C layer and the command.
        .target(name: "StreamChatRenderers", dependencies: ["StreamChatAI", "StreamChatOpenUI", "StreamChatA2UI"]),
        .systemLibrary(name: "CSystemShims", path: "Sources/CSystemShims"),
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .systemLibrary(name: "CStreamChatAIPluginABI", path: "Sources/CStreamChatAIPluginABI"),
        // Runs a plugin marked "isolation": "process" in a child process (see Plugins/PluginProcess.swift).
        .executableTarget(
            name: "streamchatai-plugin-helper",
            cSettings: [.headerSearchPath("../../include"), .unsafeFlags(["-std=c99", "-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .systemLibrary(name: "CStreamChatAIABI", path: "Sources/CStreamChatAIABI"),
        .target(
            name: "StreamChatAIC", dependencies: ["StreamChatAI", "StreamChatOpenUI", "StreamChatRenderers", "StreamChatClient", "CStreamChatAIABI"],
            exclude: ["exports.map"]),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        .executableTarget(name: "streamchatai", dependencies: ["StreamChatAI", "StreamChatRenderers", "StreamChatClient", "StreamChatOpenUI", "StreamChatA2UI"]),
        .executableTarget(name: "streamchatai-bench", dependencies: ["StreamChatAI", "StreamChatOpenUI", "StreamChatA2UI", "StreamChatClient", "CJansson", "CFFI", "CStreamChatAIPluginABI"]),
        // What both test targets use (a seeded generator).
        .target(name: "TestSupport", dependencies: ["StreamChatAI"], path: "Tests/TestSupport"),
        .testTarget(name: "StreamChatAITests", dependencies: ["StreamChatAI", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "StreamChatClientTests", dependencies: ["StreamChatClient", "StreamChatAI", "TestSupport"]),
        .testTarget(name: "StreamChatA2UITests", dependencies: ["StreamChatA2UI", "StreamChatAI", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "StreamChatOpenUITests", dependencies: ["StreamChatOpenUI", "StreamChatAI", "TestSupport"],
                    exclude: ["Fixtures", "Golden"]),
    ]
)
