import Foundation
import ScrimCore
import ScrimPlayback

/// One live preview: a page on a `PreviewServer` and the session that records it again after
/// each save, for the picker and for drags. `scrim preview --serve` runs one, on a server of its
/// own, until interrupted; `scrim serve` runs several (`LivePreviews`), each a page of its one
/// server.
@MainActor
package final class LivePreview {
    /// The page's address, with its token.
    package let url: URL
    private let server: PreviewServer
    /// The page's id on the server.
    private let page: String
    /// Whether the server is this preview's own: stopped with it.
    private let ownsServer: Bool
    private let session: LivePreviewSession
    private let sender: Task<Void, Never>

    private init(url: URL, server: PreviewServer, page: String, ownsServer: Bool, session: LivePreviewSession) {
        (self.url, self.server, self.page, self.ownsServer, self.session) = (url, server, page, ownsServer, session)
        sender = session.start(sendingTo: server, page: page)
    }

    /// Records `plugin`'s page as `template` plays its plugin and serves it at `/` on a server of
    /// its own, on `port` (0: any free one); the picker lists the plugins of its directory, of
    /// `others`' and of `template`'s plugin directories. What the session does is told to
    /// `onEvent`. Nothing is left running when it throws.
    package static func start(
        plugin: URL, others: [URL] = [], template: TransitionPlayback, port: UInt16 = 0, artifacts: PreviewArtifactMaker? = nil,
        onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }
    ) async throws(LivePreviewError) -> LivePreview {
        let (session, page, faults) = try record(plugin: plugin, others: others, template: template, artifacts: artifacts, onEvent: onEvent)
        let server = PreviewServer(
            page: page.html(live: true), generation: session.generation, port: port,
            onMessage: { text in await MainActor.run { session.handle(text) } },
            onArtifact: { artifact in try await session.make(artifact) })
        do {
            let url = try await server.start()
            if let fault = faults.first { session.show(fault) }
            return LivePreview(url: url, server: server, page: PreviewServer.rootPage, ownsServer: true, session: session)
        } catch {
            throw .cannotListen("\(error)")
        }
    }

    /// The same, served as a new page of `server`, which is started already.
    package static func start(
        plugin: URL, template: TransitionPlayback, on server: PreviewServer, artifacts: PreviewArtifactMaker? = nil,
        onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }
    ) async throws(LivePreviewError) -> LivePreview {
        let (session, page, faults) = try record(plugin: plugin, others: [], template: template, artifacts: artifacts, onEvent: onEvent)
        let id = await server.addPage(
            html: page.html(live: true), generation: session.generation,
            onMessage: { text in await MainActor.run { session.handle(text) } },
            onArtifact: { artifact in try await session.make(artifact) })
        guard let url = await server.url(of: id) else {
            await server.removePage(id, reason: "the preview server is not running")
            throw .cannotListen("the preview server is not running")
        }
        if let fault = faults.first { session.show(fault) }
        return LivePreview(url: url, server: server, page: id, ownsServer: false, session: session)
    }

    /// The session and its first page, with the faults of its first play.
    private static func record(
        plugin: URL, others: [URL], template: TransitionPlayback, artifacts: PreviewArtifactMaker?,
        onEvent: @escaping (LivePreviewEvent) -> Void
    ) throws(LivePreviewError) -> (LivePreviewSession, PreviewPage, [PlaybackFault]) {
        var directories = template.directories(for: plugin)
        for file in others {
            let directory = file.standardizedFileURL.deletingLastPathComponent()
            if !directories.contains(directory) { directories.append(directory) }
        }
        let session: LivePreviewSession
        do {
            session = try LivePreviewSession(plugin: plugin, directories: directories, playback: template, artifacts: artifacts, onEvent: onEvent)
        } catch {
            throw .cannotWatch("\(error)")
        }
        do {
            let played = try session.render(plugin)
            onEvent(.played(plugin: plugin, generation: session.generation, faults: played.result.faults))
            return (session, played.page, played.result.faults)
        } catch {
            // A plugin that does not load yet is served all the same: an empty window, under its
            // diagnostic, until a save that loads.
            guard case .pluginDidNotLoad = error else { throw .cannotPlay(error) }
            return (session, emptyPage(title: plugin.lastPathComponent), [])
        }
    }

    /// The page of a plugin that has not loaded: one frame of an empty window.
    private static func emptyPage(title: String) -> PreviewPage {
        let recorder = PreviewRecorder(title: title, framesPerSecond: TransitionPlayback.previewFramesPerSecond)
        recorder.recordFrame(at: 0, in: View(id: "window", frame: Rect(x: 0, y: 0, width: Window.defaultSize.width, height: Window.defaultSize.height)))
        return PreviewPage(recording: recorder.recording)
    }

    /// How many pages (WebSockets) are open on this preview.
    package var clientCount: Int {
        get async { await server.clientCount(of: page) }
    }

    /// Stops watching and closes every page's WebSocket, after telling them `reason`; its address
    /// answers 410 from then on. A server of its own is stopped.
    package func stop(reason: String = "it was stopped") async {
        session.stop()
        await sender.value
        await server.removePage(page, reason: reason)
        if ownsServer { await server.stop() }
    }
}
