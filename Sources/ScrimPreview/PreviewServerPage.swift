import NIOCore
import ScrimServer

/// One page of a `PreviewServer`: what it serves, what a WebSocket hears on connecting and who
/// answers their messages.
struct PreviewServerPage {
    /// An open WebSocket: its page, its queue of messages to send, and its connection.
    struct Client {
        let page: String
        let messages: AsyncStream<String>.Continuation
        let channel: any Channel
    }

    var html: String
    /// The page's generation: the plugin's, as its last good load made it.
    var generation: Int
    /// The last broken save's diagnostic, until a good load: sent to pages that connect meanwhile.
    var brokenMessage: String?
    /// The picker's list, sent to pages when they connect.
    var pluginsMessage: String?
    /// The device picker's list, sent to pages when they connect.
    var devicesMessage: String?
    let onMessage: PreviewServer.MessageHandler
    /// Makes the page's downloads; nil: it has none (501).
    let onArtifact: PreviewServer.ArtifactHandler?

    init(html: String, generation: Int, onMessage: @escaping PreviewServer.MessageHandler, onArtifact: PreviewServer.ArtifactHandler? = nil) {
        self.html = html
        self.generation = generation
        self.onMessage = onMessage
        self.onArtifact = onArtifact
    }
}
