import CStreamChatAIABI
import StreamChatAI

// Plugins (include/streamchatai.h, "Plugins").

@c @implementation
public func sca_runner_load_plugins(
    _ runner: OpaquePointer!, _ dir: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outReport)
        let handle = try Handles.runners.get(runner)
        try out.write(try handle.runner.loadPlugins(directory: try textArgument(dir, name: "dir")))
    }
}

@c @implementation
public func sca_plugins_list(_ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(PluginRegistry.shared.jsonValue)
    }
}
