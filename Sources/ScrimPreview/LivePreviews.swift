import Foundation
import ScrimPlayback
import ScrimServer

/// The live previews `scrim serve` starts for the language server's `scrim.preview` command: one
/// for each request (the plugin file and its options), kept running while the server runs and
/// reused when the same request comes again.
@MainActor
package final class LivePreviews {
    private var running: [PreviewRequest: LivePreview] = [:]
    private let onEvent: (LivePreviewEvent) -> Void

    /// `onEvent` hears what the previews do.
    package init(onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }) {
        self.onEvent = onEvent
    }

    /// The URL of the preview `request` asks for, started if it is not running.
    package func launch(_ request: PreviewRequest) async throws(LivePreviewError) -> URL {
        if let preview = running[request] { return preview.url }
        let template = TransitionPlayback(request)
        let preview = try await LivePreview.start(plugin: request.plugin, template: template, onEvent: onEvent)
        // The same request, made again while this one started: the first to finish is kept.
        if let first = running[request] {
            await preview.stop()
            return first.url
        }
        running[request] = preview
        return preview.url
    }
}

extension TransitionPlayback {
    /// The playback a `scrim.preview` request asks for, at the preview's frame rate.
    package init(_ request: PreviewRequest) {
        self.init(
            plugin: request.plugin, pluginDirectories: request.pluginDirectories, scene: request.scene, style: request.style,
            animator: request.animator, dismiss: request.dismiss, push: request.push, fps: Self.previewFramesPerSecond)
    }
}
