import ArgumentParser
import Foundation
import Scrim
import ScrimHost
import ScrimJSON
import ScrimPreview

/// What `scrim preview --serve` does while it runs, on the main actor with the hosts: watches the
/// plugin directories, records the current plugin's transition again after each good save and
/// sends the new page, sends a broken save's diagnostic, keeps the picker's list, and answers the
/// pages' messages (`{"type":"select","plugin":NAME}` picks the plugin to play; for an
/// interaction plugin, `{"type":"pan",…}` drives a `LiveDrag`).
///
/// Messages go to the server through one stream read by one task, so they arrive in the order
/// they were made.
@MainActor
final class LivePreviewSession {
    /// The command's playback of a plugin file: its scene and options.
    typealias Playback = @MainActor (_ plugin: URL) -> TransitionPlayback

    /// Interactive mode: when the drag's first pan event is delivered, in clock seconds (the
    /// transition has begun and waits for a pan); and how long the page shows before any drag.
    static let dragStart = 0.1

    private let watcher: ScrimHost
    private let playback: Playback
    private let queue: AsyncStream<PreviewLiveMessage>.Continuation
    private let messages: AsyncStream<PreviewLiveMessage>
    /// The plugin played.
    private(set) var current: URL
    /// Its generation, as its last good load made it.
    private(set) var generation: Int
    /// The drag in progress: nil before the first, after one has ended and when the plugin
    /// changed or was reloaded meanwhile.
    private var drag: LiveDrag?

    init(plugin: URL, directories: [URL], playback: @escaping Playback) throws(HostError) {
        watcher = try ScrimHost(pluginDirectories: directories)
        self.playback = playback
        current = plugin
        generation = watcher.plugins.first { $0.path == plugin.path }?.generation ?? 1
        (messages, queue) = AsyncStream<PreviewLiveMessage>.makeStream()
    }

    /// Starts watching; sends the server what happens until `stop()`. Returns the task that
    /// sends, which ends after `stop()`.
    func start(sendingTo server: PreviewServer) -> Task<Void, Never> {
        let messages = messages
        let sender = Task { for await message in messages { await server.publish(message) } }
        queue.yield(pluginList())
        if let loadError { queue.yield(.diagnostic(loadError, source: Self.line(loadError.range.start.line, of: current.path), generation: generation)) }
        watcher.onReload { [weak self] name, generation in self?.reloaded(name, generation: generation) }
        _ = watcher.onDiagnostics { [weak self] diagnostic in self?.diagnosed(diagnostic) }
        watcher.watch(true)
        return sender
    }

    func stop() {
        watcher.watch(false)
        queue.finish()
    }

    /// A page's message: the reply to send back to it, if any.
    func handle(_ text: String) -> String? {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            return PreviewLiveMessage.error("not JSON: \(error)").json
        }
        guard let type = value["type"]?.stringValue else {
            return PreviewLiveMessage.error("a message must be an object with a \"type\" string").json
        }
        switch type {
        case "select":
            guard let name = value["plugin"]?.stringValue else {
                return PreviewLiveMessage.error("select: \"plugin\" must be a plugin's name").json
            }
            guard let info = watcher.plugins.first(where: { $0.name == name }) else {
                let names = watcher.plugins.map(\.name).sorted().joined(separator: ", ")
                return PreviewLiveMessage.error("select: unknown plugin '\(name)'; the plugins: \(names)").json
            }
            let url = URL(fileURLWithPath: info.path)
            do {
                let page = try render(url, seconds: Self.isInteractive(info) ? Self.dragStart : nil)
                drag = nil
                current = url
                generation = info.generation
                queue.yield(.page(html: page.html(live: true), generation: info.generation))
                queue.yield(pluginList())
                printError("scrim preview: playing \(url.lastPathComponent)")
                return nil
            } catch {
                return PreviewLiveMessage.error("select: \(name) cannot be played: \(Self.reason(error))").json
            }
        case "pan":
            return pan(value)
        default:
            return PreviewLiveMessage.error("unknown message type '\(type)'; expected \"select\" or \"pan\"").json
        }
    }

    /// The error that keeps the plugin played from loading, if it does not load.
    var loadError: ScriptDiagnostic? {
        watcher.scriptDiagnostics[current.path]?.first { $0.severity == .error }
    }

    /// Whether the plugin played is an interaction: then the page's drags are its pans.
    var isInteractive: Bool {
        watcher.plugins.first { $0.path == current.path }.map(Self.isInteractive) ?? false
    }

    private static func isInteractive(_ info: PluginInfo) -> Bool { info.roles.contains(.interaction) }

    /// `{"type":"pan","phase":"began"|"changed"|"ended"|"cancelled","x","y","t"}`: the pointer
    /// in the window's points, `t` in seconds since the drag began. `began` starts a `LiveDrag`;
    /// each pan is delivered to it and the frames it added are sent; after `ended`, the whole page.
    private func pan(_ value: JSONValue) -> String? {
        guard isInteractive else {
            return PreviewLiveMessage.error("pan: \(current.lastPathComponent) is not an interaction plugin").json
        }
        let phases = ["began", "changed", "ended", "cancelled"]
        guard let phase = value["phase"]?.stringValue, phases.contains(phase) else {
            return PreviewLiveMessage.error("pan: \"phase\" must be one of \(phases.joined(separator: ", "))").json
        }
        guard let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue, let t = value["t"]?.doubleValue,
            x.isFinite, y.isFinite, t.isFinite, t >= 0, t < 3600
        else {
            return PreviewLiveMessage.error("pan: \"x\", \"y\" and \"t\" (seconds since the drag began) must be numbers").json
        }
        guard Self.dragStart + t < TransitionPlayback.timeLimit else {
            return PreviewLiveMessage.error("pan: a drag lasts less than \(Int(TransitionPlayback.timeLimit)) s").json
        }
        if phase == "began" {
            do {
                drag = try LiveDrag(playback(current), title: current.lastPathComponent, start: Self.dragStart)
            } catch {
                drag = nil
                return PreviewLiveMessage.error("pan: \(Self.reason(error))").json
            }
        }
        guard let drag, !drag.isOver else {
            return PreviewLiveMessage.error("pan: a drag begins with \"began\"").json
        }
        do {
            let shown = try drag.pan(phase, x: x, y: y, at: Self.dragStart + t)
            queue.yield(.frames(drag.update(), generation: generation, at: shown))
            if drag.isOver {
                self.drag = nil
                queue.yield(.page(html: PreviewPage(recording: drag.recording).html(live: true), generation: generation))
            }
            return nil
        } catch {
            self.drag = nil
            return PreviewLiveMessage.error("pan: \(Self.reason(error))").json
        }
    }

    /// Plays `plugin` for `seconds` of clock time (nil: until the transitions end) and makes its
    /// page.
    private func render(_ plugin: URL, seconds: Double?) throws -> PreviewPage {
        var playback = playback(plugin)
        playback.seconds = seconds
        return try playback.record().page
    }

    private func reloaded(_ name: String, generation: Int) {
        queue.yield(pluginList())
        guard watcher.plugins.first(where: { $0.name == name })?.path == current.path else { return }
        do {
            drag = nil
            let page = try render(current, seconds: isInteractive ? Self.dragStart : nil)
            self.generation = generation
            queue.yield(.page(html: page.html(live: true), generation: generation))
            printError("scrim preview: \(current.lastPathComponent): generation \(generation)")
        } catch {
            printError("scrim preview: \(current.lastPathComponent): generation \(generation) could not be played")
        }
    }

    private func diagnosed(_ diagnostic: HostDiagnostic) {
        guard case .script(let path, let diagnostics) = diagnostic, path == current.path,
            let error = diagnostics.first(where: { $0.severity == .error })
        else { return }
        printError("\(error)")
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
    private static func line(_ index: Int, of path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.contains(index) ? String(lines[index]) : ""
    }

    private static func reason(_ error: any Error) -> String {
        if error is ExitCode { return "it did not play (see the messages on stderr)" }
        return "\(error)"
    }
}
