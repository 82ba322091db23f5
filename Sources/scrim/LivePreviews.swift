import Foundation
import Scrim

/// The live previews `scrim serve` starts for the language server's `scrim.preview` command: one
/// for each request (the plugin file and its options), kept running while the server runs and
/// reused when the same request comes again.
@MainActor
final class LivePreviews {
    private var running: [PreviewRequest: LivePreview] = [:]

    /// The URL of the preview `request` asks for, started if it is not running.
    func launch(_ request: PreviewRequest) async throws(LivePreviewError) -> URL {
        if let preview = running[request] { return preview.url }
        let template = TransitionPlayback(
            command: "scrim preview", plugin: request.plugin.path, pluginDirectories: request.pluginDirectories,
            scene: request.scene?.path, style: request.style, animator: request.animator, dismiss: request.dismiss,
            push: request.push, fps: TransitionPlayback.previewFramesPerSecond)
        let preview = try await LivePreview.start(plugin: request.plugin, template: template)
        // The same request, made again while this one started: the first to finish is kept.
        if let first = running[request] {
            await preview.stop()
            return first.url
        }
        running[request] = preview
        FileHandle.standardError.write(Data("scrim: preview of \(request.plugin.lastPathComponent) at \(preview.url.absoluteString)\n".utf8))
        return preview.url
    }
}
