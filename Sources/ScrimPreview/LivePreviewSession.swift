import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimServer

/// What a live preview does while it runs, on the main actor with the hosts: watches the plugin
/// directories, records the current plugin's transition again after each save that loads and
/// sends the new page (or, when it faults as it plays, the fault over the last good page), sends
/// a save's load error, keeps the picker's list, and answers the pages' messages
/// (`PreviewPageMessage`: `select` picks the plugin to play, `device` the device it plays on
/// from then on; for an interaction plugin, `pan` drives a `LiveDrag`). What happens is told to `onEvent` (`LivePreviewEvent`).
///
/// Messages go to the server through one stream read by one task, so they arrive in the order
/// they were made.
@MainActor
package final class LivePreviewSession {
    private let watcher: ScrimHost
    /// How every plugin is played: the scene and the options, and the device the picker chose.
    private var playback: TransitionPlayback
    private let onEvent: (LivePreviewEvent) -> Void
    private let queue: AsyncStream<PreviewLiveMessage>.Continuation
    private let messages: AsyncStream<PreviewLiveMessage>
    /// The plugin played.
    package private(set) var current: URL
    /// Its generation, as its last good load made it.
    package private(set) var generation: Int
    /// The drag in progress: nil before the first, after one has ended and when the plugin
    /// changed or was reloaded meanwhile.
    private var drag: LiveDrag?
    /// The pans of the drags that ended since the plugin was last played, while their play still
    /// waits for another drag: a new drag plays them again first (a drag of the presentation,
    /// then one of the dismissal).
    private var earlierPans: [LiveDrag.Pan] = []
    /// Makes the page's downloads; nil: it has none.
    private let artifacts: PreviewArtifactMaker?
    /// The last page played without a fault: what "Render GIF" draws. Nil before the first.
    private var shownPage: PreviewPage?
    /// Counts the pages `shownPage` has been, so that a GIF asked for again of the same page
    /// waits for the one being drawn instead of drawing it twice.
    private var shownPageNumber = 0
    /// The GIF being drawn, and of which page.
    private var drawing: (page: Int, task: Task<PreviewArtifactMaker.File, any Error>)?

    package init(
        plugin: URL, directories: [URL], playback: TransitionPlayback, artifacts: PreviewArtifactMaker? = nil,
        onEvent: @escaping (LivePreviewEvent) -> Void = { _ in }
    ) throws(HostError) {
        watcher = try ScrimHost(pluginDirectories: directories)
        self.playback = playback
        self.artifacts = artifacts
        self.onEvent = onEvent
        current = plugin
        generation = watcher.plugins.first { $0.path == plugin.path }?.generation ?? 1
        (messages, queue) = AsyncStream<PreviewLiveMessage>.makeStream()
    }

    /// Starts watching; sends the server's page `page` what happens until `stop()`. Returns the
    /// task that sends, which ends after `stop()`.
    package func start(sendingTo server: PreviewServer, page: String = PreviewServer.rootPage) -> Task<Void, Never> {
        let messages = messages
        // Off the main actor: the renders that make the messages do not hold the sending back (a
        // page sending `select` after `select` would have the queue grow with a page for each).
        let sender = Task.detached { for await message in messages { await server.publish(message, to: page) } }
        queue.yield(pluginList())
        queue.yield(.devices(current: playback.device))
        if let loadError { queue.yield(.diagnostic(loadError, source: Self.line(loadError.range.start.line, of: current.path), generation: generation)) }
        watcher.onReload { [weak self] reload in self?.reloaded(reload.plugin, generation: reload.generation) }
        _ = watcher.onDiagnostics { [weak self] diagnostic in self?.diagnosed(diagnostic) }
        watcher.watch(true)
        return sender
    }

    /// Stops watching and sending; a GIF being drawn is cancelled (who waits for it gets the error).
    package func stop() {
        watcher.watch(false)
        queue.finish()
        drawing?.task.cancel()
    }

    /// A page's message: the reply to send back to it, if any.
    package func handle(_ text: String) -> String? {
        let message: PreviewPageMessage
        do {
            message = try PreviewPageMessage(decoding: text)
        } catch {
            return PreviewLiveMessage.error(error.description).json
        }
        switch message {
        case .select(let name):
            return select(name)
        case .device(let device):
            return choose(device)
        case .pan(let phase, let x, let y, let t):
            return pan(phase, x: x, y: y, t: t)
        }
    }

    /// `select`: plays the plugin named `name` (a load error or a fault is shown as after a save).
    private func select(_ name: String) -> String? {
        guard let info = watcher.plugins.first(where: { $0.name == name }) else {
            let names = watcher.plugins.map(\.name).sorted().joined(separator: ", ")
            return PreviewLiveMessage.error("select: unknown plugin '\(name)'; the plugins: \(names)").json
        }
        do {
            try play(info)
            return nil
        } catch {
            return PreviewLiveMessage.error("select: \(name) cannot be played: \(error)").json
        }
    }

    /// `device`: plays the current plugin again on `device` (nil: at the scene's size), which
    /// later plays (saves, `select`, drags) keep. One that cannot be played keeps the device it had.
    private func choose(_ device: Device?) -> String? {
        let previous = playback.device
        playback.device = device
        if let info = watcher.plugins.first(where: { $0.path == current.path }) {
            do {
                try play(info)
            } catch {
                playback.device = previous
                let name = device?.name ?? "the scene's size"
                return PreviewLiveMessage.error("device: \(current.lastPathComponent) cannot be played on \(name): \(error)").json
            }
        }
        queue.yield(.devices(current: device))
        return nil
    }

    /// Plays the plugin `info` and makes it the current one: sends its page, or its fault over
    /// the last good page, and the picker's list.
    private func play(_ info: PluginInfo) throws(PlaybackError) {
        let url = URL(fileURLWithPath: info.path)
        let (page, result) = try render(url)
        drag = nil
        current = url
        if let fault = result.faults.first {
            queue.yield(pluginList())
            queue.yield(.fault(fault, source: Self.line(fault.line.map { $0 - 1 }, of: fault.path), generation: generation, failing: info.generation))
        } else {
            generation = info.generation
            queue.yield(.page(html: page.html(live: true), generation: info.generation))
            queue.yield(pluginList())
        }
        onEvent(.played(plugin: url, generation: info.generation, faults: result.faults))
    }

    /// Shows a fault of the plugin played over the page (the first play's: no good page before it).
    func show(_ fault: PlaybackFault) {
        queue.yield(.fault(fault, source: Self.line(fault.line.map { $0 - 1 }, of: fault.path), generation: generation, failing: generation))
    }

    /// The error that keeps the plugin played from loading, if it does not load.
    package var loadError: ScriptDiagnostic? {
        watcher.scriptDiagnostics[current.path]?.first { $0.severity == .error }
    }

    /// A pan of a drag on the stage (`PreviewPageMessage.pan`, `t` seconds after the drag's
    /// first): `began` starts a `LiveDrag` where the play stopped (an interactive transition
    /// waiting for a drag, or the end); each pan is delivered to it and the frames it added are
    /// sent; after `ended`, the whole page.
    private func pan(_ phase: String, x: Double, y: Double, t: Double) -> String? {
        guard let phase = PanPhase(rawValue: phase) else {
            return PreviewLiveMessage.error("pan: unknown phase '\(phase)'; use began, changed, ended or cancelled").json
        }
        if phase == .began {
            do {
                drag = try LiveDrag(playback.playing(current), on: watcher, title: current.lastPathComponent, after: earlierPans)
            } catch {
                drag = nil
                return PreviewLiveMessage.error("pan: \(error)").json
            }
        }
        guard let drag, !drag.isOver else {
            return PreviewLiveMessage.error("pan: a drag begins with \"began\"").json
        }
        guard drag.start + t < TransitionPlayback.timeLimit else {
            self.drag = nil
            return PreviewLiveMessage.error("pan: a drag must end within the play's \(Int(TransitionPlayback.timeLimit)) s of clock time").json
        }
        do {
            let shown = try drag.pan(phase, x: x, y: y, after: t)
            queue.yield(.frames(drag.update(), generation: generation, at: shown))
            if drag.isOver {
                self.drag = nil
                // Another interactive transition waits (the dismissal after the presentation):
                // the next drag drives it. Else the next drag starts over where the play stopped.
                earlierPans = drag.isWaitingForInput ? earlierPans + drag.pans : []
                let page = PreviewPage(recording: drag.recording)
                show(page)
                queue.yield(.page(html: page.html(live: true), generation: generation))
            }
            return nil
        } catch {
            self.drag = nil
            return PreviewLiveMessage.error("pan: \(error)").json
        }
    }

    /// Plays `plugin` until its scenario ends or an interactive transition waits for a drag, and
    /// makes its page. It plays on the host that watches the files, with the plugins it has
    /// loaded: a new window with the scene, nothing compiled.
    package func render(_ plugin: URL) throws(PlaybackError) -> (page: PreviewPage, result: PlaybackResult) {
        var playback = playback.playing(plugin)
        playback.stopsWhenWaitingForInput = true
        earlierPans = []
        let played = try playback.record(on: watcher)
        // The first page is shown even with a fault (under it); a later one only without.
        if played.result.faults.isEmpty || shownPage == nil { show(played.page) }
        return played
    }

    /// `page` is the one shown from now on.
    private func show(_ page: PreviewPage) {
        shownPage = page
        shownPageNumber += 1
    }

    /// Makes a download of the plugin played: the Swift export of its transitions as they play
    /// now (its current generation), or the GIF of the page shown. A GIF asked for while the same
    /// page's is being drawn is that one.
    package func make(_ artifact: PreviewArtifact) async throws(PreviewArtifactError) -> PreviewArtifactMaker.File {
        guard let artifacts else { throw .noMaker }
        do {
            switch artifact {
            case .swift:
                return try artifacts.swift(playback.playing(current), generation)
            case .gif:
                guard let page = shownPage else { throw PreviewArtifactError.nothingPlayed(plugin: current.lastPathComponent) }
                let number = shownPageNumber
                if let drawing, drawing.page == number { return try await drawing.task.value }
                let plugin = current
                let task = Task { try await artifacts.gif(page, plugin) }
                drawing = (number, task)
                defer { if drawing?.page == number { drawing = nil } }
                return try await task.value
            }
        } catch let error as PreviewArtifactError {
            throw error
        } catch {
            throw .failed(artifact, "\(error)")
        }
    }

    /// How many plugin texts the session's one host has compiled: one per load of a file.
    package var compiledFileCount: Int { watcher.compiledFileCount }

    /// A save of a plugin file that loaded: the plugin played plays again. A clean play sends its
    /// page (the overlay goes); a fault sends the overlay over the last good page.
    private func reloaded(_ name: String, generation: Int) {
        queue.yield(pluginList())
        guard watcher.plugins.first(where: { $0.name == name })?.path == current.path else { return }
        drag = nil
        do {
            let (page, result) = try render(current)
            onEvent(.played(plugin: current, generation: generation, faults: result.faults))
            if let fault = result.faults.first {
                queue.yield(.fault(fault, source: Self.line(fault.line.map { $0 - 1 }, of: fault.path), generation: self.generation, failing: generation))
                return
            }
            self.generation = generation
            queue.yield(.page(html: page.html(live: true), generation: generation))
        } catch {
            onEvent(.cannotPlay(plugin: current, generation: generation, error: error))
            // The overlay shows this generation's state, not an older one's.
            let fault = PlaybackFault(message: "it could not be played: \(error)", generation: generation, time: 0)
            queue.yield(.fault(fault, source: "", generation: self.generation, failing: generation))
        }
    }

    private func diagnosed(_ diagnostic: HostDiagnostic) {
        guard case .script(let path, let diagnostics) = diagnostic, path == current.path,
            let error = diagnostics.first(where: { $0.severity == .error })
        else { return }
        onEvent(.loadError(error))
        queue.yield(.diagnostic(error, source: Self.line(error.range.start.line, of: path), generation: generation))
    }

    /// The picker's list: every plugin of the watched directories, by name.
    private func pluginList() -> PreviewLiveMessage {
        let plugins = watcher.plugins.sorted { $0.name < $1.name }
        let current = plugins.first { $0.path == self.current.path }?.name ?? self.current.lastPathComponent
        return .plugins(
            current: current,
            plugins: plugins.map { (name: $0.name, file: URL(fileURLWithPath: $0.path).lastPathComponent, roles: $0.roles) })
    }

    /// The text of the 0-based line `index` of the file at `path`; "" if there is none.
    private static func line(_ index: Int?, of path: String?) -> String {
        guard let index, let path, let data = try? FileContents.read(atPath: path) else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.contains(index) ? String(lines[index]) : ""
    }
}
