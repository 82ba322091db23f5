import Foundation
import ScrimCore
import ScrimPlayback

/// One live preview: its server on 127.0.0.1 and the session that records the page again after
/// each save, for the picker and for drags. `scrim preview --serve` runs one until interrupted;
/// `scrim serve` starts one for each new `scrim.preview` request.
@MainActor
package final class LivePreview {
    /// The page's address, with its token.
    package let url: URL
    private let server: PreviewServer
    private let session: LivePreviewSession
    private let sender: Task<Void, Never>

    private init(url: URL, server: PreviewServer, session: LivePreviewSession) {
        (self.url, self.server, self.session) = (url, server, session)
        sender = session.start(sendingTo: server)
    }

    /// Records `plugin`'s page as `template` plays its plugin and serves it on `port` (0: any free
    /// one); the picker lists the plugins of its directory, of `others`' and of `template`'s
    /// plugin directories. What the session does is told to `onEvent`. Nothing is left running
    /// when it throws.
    package static func start(
        plugin: URL, others: [URL] = [], template: TransitionPlayback, port: UInt16 = 0,
        onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }
    ) async throws(LivePreviewError) -> LivePreview {
        var directories = template.directories(for: plugin)
        for file in others {
            let directory = file.standardizedFileURL.deletingLastPathComponent()
            if !directories.contains(directory) { directories.append(directory) }
        }
        let session: LivePreviewSession
        do {
            session = try LivePreviewSession(plugin: plugin, directories: directories, playback: template, onEvent: onEvent)
        } catch {
            throw .cannotWatch("\(error)")
        }
        let page: PreviewPage
        var faults: [PlaybackFault] = []
        do {
            let played = try session.render(plugin)
            (page, faults) = (played.page, played.result.faults)
            onEvent(.played(plugin: plugin, generation: session.generation, faults: faults))
        } catch {
            // A plugin that does not load yet is served all the same: an empty window, under its
            // diagnostic, until a save that loads.
            guard case .pluginDidNotLoad = error else { throw .cannotPlay(error) }
            page = Self.emptyPage(title: plugin.lastPathComponent)
        }
        let server = PreviewServer(page: page.html(live: true), generation: session.generation, port: port) { text in
            await MainActor.run { session.handle(text) }
        }
        do {
            let url = try await server.start()
            if let fault = faults.first { session.show(fault) }
            return LivePreview(url: url, server: server, session: session)
        } catch {
            throw .cannotListen("\(error)")
        }
    }

    /// The page of a plugin that has not loaded: one frame of an empty window.
    private static func emptyPage(title: String) -> PreviewPage {
        let recorder = PreviewRecorder(title: title, framesPerSecond: TransitionPlayback.previewFramesPerSecond)
        recorder.recordFrame(at: 0, in: View(id: "window", frame: Rect(x: 0, y: 0, width: Window.defaultSize.width, height: Window.defaultSize.height)))
        return PreviewPage(recording: recorder.recording)
    }

    /// Stops watching, closes every page's WebSocket and the server.
    package func stop() async {
        session.stop()
        await sender.value
        await server.stop()
    }
}
