import StreamChatAI
import StreamChatA2UI
import StreamChatOpenUI

/// The renderers this library builds in, in their default asking order: what
/// `sca_ui_host_new`'s `"renderers"` config and the `streamchatai` command
/// choose from. A format's renderer target adds its entry here when it lands;
/// an app that names a format not listed gets an error that lists the ones
/// there are.
public enum BuiltInRenderers {
    /// Every built-in renderer.
    public static let all: [AIUIBuiltInRenderer] = [A2UIRenderer.builtIn, OpenUIRenderer.builtIn]
}
