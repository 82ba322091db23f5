import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimServer

/// The live previews `scrim serve` starts for the language server's `scrim.preview` command: one
/// for each request (the plugin file and its options), reused when the same request comes again,
/// each a page of one `PreviewServer` (one port, one token) started with the first.
///
/// They are bounded (`Limits`): at most 16 run; starting another stops the least recently used
/// (a request for it, or an open page, uses it). One with no open page for 10 minutes is stopped.
/// `stopAll()` (at `shutdown`) stops them all and the server. A stopped preview's pages are told
/// why, and its address answers 410. No preview has a thread of its own: the server runs on
/// swift-nio's event loops, the sessions on the main actor, the idle check is a task that sleeps.
@MainActor
package final class LivePreviews: PreviewLauncher {
    /// How many previews run at once, and how long one may go unused.
    package struct Limits: Sendable {
        /// Previews running at once.
        package var previews = 16
        /// How long a preview with no open page may go without a request before it is stopped.
        package var idle: Duration = .seconds(600)
        /// How often the idle previews are looked for.
        package var idleCheck: Duration = .seconds(30)
        /// The preview server's own bounds.
        package var server = PreviewServerLimits()

        package init() {}
    }

    /// A running preview and when it was last used.
    private struct Entry {
        let preview: LivePreview
        var used: ContinuousClock.Instant
    }

    package let limits: Limits
    /// The one server of every preview.
    package let server: PreviewServer
    private var running: [PreviewRequest: Entry] = [:]
    /// The requests being started, and the tasks that start them: a request made again meanwhile
    /// waits for the same start.
    private var starting: [PreviewRequest: Task<LivePreview, any Error>] = [:]
    private let onEvent: (LivePreviewEvent) -> Void
    /// Makes the previews' downloads and the files of `make`; nil: none are made.
    private let artifacts: PreviewArtifactMaker?
    /// Who takes each plugin file's play diagnostics, by path: the last launch's `publish`.
    private var publishers: [String: @MainActor @Sendable ([ScriptDiagnostic]) -> Void] = [:]
    private var idleCheck: Task<Void, Never>?
    /// `stopAll()` at work: a second call waits for it.
    private var stopping: Task<Void, Never>?
    /// The server's start, from the first launch until `stopAll()`: the launches wait for it.
    private var serverStart: Task<Void, any Error>?

    /// `onEvent` hears what the previews do; `artifacts` makes their downloads and the files of
    /// `make`.
    package init(limits: Limits = Limits(), artifacts: PreviewArtifactMaker? = nil, onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }) {
        self.limits = limits
        self.artifacts = artifacts
        self.onEvent = onEvent
        server = PreviewServer(limits: limits.server)
    }

    /// How many previews run.
    package var count: Int { running.count }

    /// The URL of the preview `request` asks for, started if it is not running (the server too,
    /// with the first). From now on `publish` takes the play diagnostics of each play of the
    /// plugin file (by any of its previews).
    package func launch(
        _ request: PreviewRequest, publish: @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void = { _ in }
    ) async throws -> URL {
        publishers[request.plugin.standardizedFileURL.path] = publish
        if running[request] != nil {
            running[request]!.used = .now
            return running[request]!.preview.url
        }
        // The same request made again while this one starts waits for the same start.
        if let start = starting[request] { return try await start.value.url }
        let template: TransitionPlayback
        do {
            template = try TransitionPlayback(request)
        } catch {
            throw LivePreviewError.cannotPlay(error)
        }
        let start = Task { @MainActor in
            try await startServer()
            // Room for this one (and the others starting): the least recently used go first.
            while running.count + starting.count > limits.previews, let oldest = leastRecentlyUsed(but: request) {
                await stop(oldest, reason: evicted)
            }
            return try await LivePreview.start(plugin: request.plugin, template: template, on: server, artifacts: artifacts) { [weak self] event in
                self?.heard(event)
            }
        }
        starting[request] = start
        defer { starting[request] = nil }
        let preview = try await start.value
        running[request] = Entry(preview: preview, used: .now)
        onEvent(.started(plugin: request.plugin, url: preview.url))
        // More started at once than there was room for.
        while running.count > limits.previews, let oldest = leastRecentlyUsed(but: request) { await stop(oldest, reason: evicted) }
        return preview.url
    }

    /// Makes `artifact` of the transition `request` describes, on a host of its own as `scrim
    /// export` and `scrim render` would, and writes it beside the plugin file.
    package func make(_ artifact: PreviewArtifact, of request: PreviewRequest, generation: Int) async throws -> URL {
        guard let artifacts else { throw PreviewArtifactError.noMaker }
        let template = try TransitionPlayback(request)
        let file: PreviewArtifactMaker.File
        switch artifact {
        case .swift:
            file = try artifacts.swift(template, generation)
        case .gif:
            let (page, result) = try template.record()
            if let fault = result.faults.first { throw PreviewArtifactError.failed(artifact, "it faulted as it played: \(fault)") }
            file = try await artifacts.gif(page, request.plugin)
        }
        let url = request.plugin.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(file.name)
        try WholeFile.write(file.bytes, to: url)
        return url
    }

    /// Why the least recently used preview was stopped.
    private var evicted: String { "more than \(limits.previews) previews were open; this one was the least recently used" }

    /// The running preview used least recently, other than `request`'s.
    private func leastRecentlyUsed(but request: PreviewRequest) -> PreviewRequest? {
        running.filter { $0.key != request }.min { $0.value.used < $1.value.used }?.key
    }

    /// Stops every preview, then the server. A call while they stop waits for them.
    package func stopAll() async {
        if let stopping { return await stopping.value }
        let stopping = Task { @MainActor in
            idleCheck?.cancel()
            idleCheck = nil
            for request in Array(running.keys) { await stop(request, reason: "the language server shut down") }
            await server.stop()
            serverStart = nil
        }
        self.stopping = stopping
        await stopping.value
        self.stopping = nil
    }

    /// Starts the server if it is not running (once, however many launches wait for it), and
    /// the idle check with it.
    private func startServer() async throws {
        if serverStart == nil {
            let server = server
            serverStart = Task { @MainActor in
                do {
                    try await server.start()
                } catch {
                    throw LivePreviewError.cannotListen("\(error)")
                }
            }
        }
        do {
            try await serverStart?.value
        } catch {
            serverStart = nil  // the next launch tries again
            throw error
        }
        if idleCheck == nil { startIdleCheck() }
    }

    /// Stops the preview of `request`, telling its pages `reason`.
    private func stop(_ request: PreviewRequest, reason: String) async {
        guard let entry = running.removeValue(forKey: request) else { return }
        await entry.preview.stop(reason: reason)
        onEvent(.stopped(plugin: request.plugin, reason: reason))
    }

    /// Every `limits.idleCheck`: a preview with an open page is in use; one unused for
    /// `limits.idle` is stopped.
    private func startIdleCheck() {
        let interval = limits.idleCheck
        idleCheck = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                await self.stopIdle()
            }
        }
    }

    /// The idle check at `now`: each preview with a page open is used now; one unused for
    /// `limits.idle` is stopped (its pages told why) before this returns.
    package func stopIdle(now: ContinuousClock.Instant = .now) async {
        for (request, entry) in running {
            if await entry.preview.clientCount > 0 {
                running[request]?.used = now
            } else if now - entry.used >= limits.idle {
                await stop(request, reason: "no page was open for \(Self.words(limits.idle))")
            }
        }
    }

    /// `10 minutes`, `1.5 seconds`.
    private static func words(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 {
            let minutes = Int(seconds / 60)
            return "\(minutes) minute\(minutes == 1 ? "" : "s")"
        }
        return "\(seconds.formatted()) seconds"
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
        case .loadError, .started, .stopped:
            break
        }
    }
}

extension TransitionPlayback {
    /// The playback a `scrim.preview` request asks for, at the preview's frame rate.
    ///
    /// - Throws: `PlaybackError.cannotPlay` when its scenario file cannot be read.
    package init(_ request: PreviewRequest) throws(PlaybackError) {
        self.init(
            plugin: request.plugin, pluginDirectories: request.pluginDirectories, scene: request.scene, style: request.style,
            animator: request.animator, dismiss: request.dismiss, push: request.push, interactive: request.interactive,
            fps: Self.previewFramesPerSecond)
        if let scenario = request.scenario {
            do {
                use(try Scenario(contentsOf: scenario))
            } catch {
                throw .cannotPlay("scenario \(error)")
            }
        }
    }
}
