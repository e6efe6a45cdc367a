import CStreamChatAIABI
import StreamChatAI

// Plugins (include/streamchatai.h, "Plugins").

/// One `*_load_plugins` for every handle that takes plugins.
func loadPlugins(into host: any AIPluginHost, _ dir: UnsafePointer<CChar>?,
                 _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) throws(StreamChatAIError) {
    let out = OptionalOutput(outReport)
    try out.write(try host.loadPlugins(directory: try textArgument(dir, name: "dir")).jsonValue)
}

@c @implementation
public func sca_runner_load_plugins(
    _ runner: OpaquePointer!, _ dir: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try loadPlugins(into: try Handles.runners.get(runner).runner, dir, outReport) }
}

/// One `*_add_mcp_server` for every handle that takes tool sources.
func addMCPServer(to host: any AIPluginHost, _ config: UnsafePointer<CChar>?,
                  _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) throws(StreamChatAIError) {
    let out = OptionalOutput(outReport)
    let configuration = try MCPServerConfiguration(json: try jsonArgument(config, name: "config_json"))
    try out.write(try host.addMCPServer(configuration))
}

@c @implementation
public func sca_runner_add_mcp_server(
    _ runner: OpaquePointer!, _ config: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try addMCPServer(to: try Handles.runners.get(runner).runner, config, outReport) }
}

@c @implementation
public func sca_ui_host_add_mcp_server(
    _ host: OpaquePointer!, _ config: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try addMCPServer(to: try Handles.uiHosts.get(host).host, config, outReport) }
}

@c @implementation
public func sca_plugins_list(_ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(PluginRegistry.shared.jsonValue)
    }
}
