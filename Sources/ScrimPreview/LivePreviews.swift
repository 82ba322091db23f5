import Foundation
import ScrimCore
import ScrimPlayback
import ScrimServer

/// The live previews `scrim serve` starts for the language server's `scrim.preview` command: one
/// for each request (the plugin file and its options), kept running while the server runs and
/// reused when the same request comes again.
@MainActor
package final class LivePreviews {
    private var running: [PreviewRequest: LivePreview] = [:]
    private let onEvent: (LivePreviewEvent) -> Void
    /// Who takes each plugin file's play diagnostics, by path: the last launch's `publish`.
    private var publishers: [String: @MainActor @Sendable ([ScriptDiagnostic]) -> Void] = [:]

    /// `onEvent` hears what the previews do.
    package init(onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }) {
        self.onEvent = onEvent
    }

    /// The URL of the preview `request` asks for, started if it is not running. From now on
    /// `publish` takes the play diagnostics of each play of the plugin file (by any of its
    /// previews).
    package func launch(
        _ request: PreviewRequest, publish: @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void = { _ in }
    ) async throws(LivePreviewError) -> URL {
        publishers[request.plugin.standardizedFileURL.path] = publish
        if let preview = running[request] { return preview.url }
        let template = TransitionPlayback(request)
        let preview = try await LivePreview.start(plugin: request.plugin, template: template) { [weak self] event in
            self?.heard(event)
        }
        // The same request, made again while this one started: the first to finish is kept.
        if let first = running[request] {
            await preview.stop()
            return first.url
        }
        running[request] = preview
        return preview.url
    }

    /// Tells `onEvent`, and the plugin file's publisher the play diagnostics of a play (a load
    /// error is not a play: the language server publishes it itself).
    private func heard(_ event: LivePreviewEvent) {
        onEvent(event)
        switch event {
        case .played(let plugin, _, let faults):
            let path = plugin.standardizedFileURL.path
            publishers[path]?(PlayDiagnostics.of(faults, plugin: path))
        case .cannotPlay(let plugin, _, let error):
            let path = plugin.standardizedFileURL.path
            publishers[path]?(PlayDiagnostics.cannotPlay(error, plugin: path))
        case .loadError:
            break
        }
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
