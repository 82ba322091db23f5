import Foundation
import Scrim
import ScrimPreview

/// One live preview: its server on 127.0.0.1 and the session that records the page again after
/// each save, for the picker and for drags. `scrim preview --serve` runs one until interrupted;
/// `scrim serve` starts one for each new `scrim.preview` request.
@MainActor
final class LivePreview {
    /// The page's address, with its token.
    let url: URL
    private let server: PreviewServer
    private let session: LivePreviewSession
    private let sender: Task<Void, Never>

    private init(url: URL, server: PreviewServer, session: LivePreviewSession) {
        self.url = url
        self.server = server
        self.session = session
        sender = session.start(sendingTo: server)
    }

    /// Records `plugin`'s page as `template` plays its plugin and serves it on `port` (0: any free
    /// one); the picker lists the plugins of its directory, of `others`' and of `template`'s
    /// plugin directories. Nothing is left running when it throws.
    static func start(
        plugin: URL, others: [URL] = [], template: TransitionPlayback, port: UInt16 = 0
    ) async throws(LivePreviewError) -> LivePreview {
        var directories = [plugin.deletingLastPathComponent()]
        for file in others {
            let directory = file.standardizedFileURL.deletingLastPathComponent()
            if !directories.contains(directory) { directories.append(directory) }
        }
        for url in template.pluginDirectories where !directories.contains(url) { directories.append(url) }
        let session: LivePreviewSession
        do {
            session = try LivePreviewSession(plugin: plugin, directories: directories) { url in
                template.playing(url.path)
            }
        } catch {
            throw LivePreviewError(description: "\(error)")
        }
        // An interaction waits for a pan: its page shows the first moments, until a drag.
        let lines = ErrorLines()
        let page: PreviewPage
        do {
            page = try ErrorLines.$collector.withValue(lines) {
                var first = template.playing(plugin.path)
                first.seconds = session.isInteractive ? LivePreviewSession.dragStart : nil
                return try first.record().page
            }
        } catch {
            // A plugin that does not load yet is served all the same: an empty window, under its
            // diagnostic, until a save that loads.
            if session.loadError == nil {
                let said = lines.all
                throw LivePreviewError(description: said.isEmpty ? "\(error)" : said.joined(separator: "\n"), playError: error)
            }
            page = Self.emptyPage(title: plugin.lastPathComponent)
        }
        let server = PreviewServer(page: page.html(live: true), generation: session.generation, port: port) { text in
            await MainActor.run { session.handle(text) }
        }
        do {
            return LivePreview(url: try await server.start(), server: server, session: session)
        } catch {
            throw LivePreviewError(description: "--serve: cannot listen on \(error)")
        }
    }

    /// The page of a plugin that has not loaded: one frame of an empty window.
    private static func emptyPage(title: String) -> PreviewPage {
        let recorder = PreviewRecorder(title: title, framesPerSecond: TransitionPlayback.previewFramesPerSecond)
        recorder.recordFrame(at: 0, in: View(id: "window", frame: Rect(x: 0, y: 0, width: Window.defaultSize.width, height: Window.defaultSize.height)))
        return PreviewPage(recording: recorder.recording)
    }

    /// Stops watching, closes every page's WebSocket and the server.
    func stop() async {
        session.stop()
        await sender.value
        await server.stop()
    }
}
