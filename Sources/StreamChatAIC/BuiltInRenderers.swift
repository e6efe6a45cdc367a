import StreamChatAI
import StreamChatOpenUI

/// The renderers this library builds in, offered to `sca_ui_host_new`'s
/// `"renderers"` config in their default asking order. A format's renderer
/// target adds its entry here when it lands; an app that names a format not
/// listed gets an error that lists the ones there are.
enum BuiltInRenderers {
    static let all: [AIUIBuiltInRenderer] = [OpenUIRenderer.builtIn]
}
