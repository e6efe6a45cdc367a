import CStreamChatAIABI
import StreamChatAI

// Plugins (include/streamchatai.h, "Plugins").

@c @implementation
public func sca_runner_load_plugins(
    _ runner: OpaquePointer!, _ dir: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        outReport?.pointee = nil
        let handle = try Handles.runners.get(runner)
        let report = try handle.runner.loadPlugins(directory: try textArgument(dir, name: "dir"))
        if let outReport { outReport.pointee = try mallocJSON(report) }
    }
}

@c @implementation
public func sca_plugins_list(_ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(PluginRegistry.shared.jsonValue)
    }
}
