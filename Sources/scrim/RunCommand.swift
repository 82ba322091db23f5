import ArgumentParser
import Foundation
import Scrim

/// `scrim run`: presents (and with `--dismiss` then dismisses) a view controller of a scene with
/// a plugin's roles on the manual clock, and prints the timeline of the views that moved.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a plugin's transition on a scene (default: Plugins/pop.lua on the built-in recipe demo) and print its timeline.",
        discussion: """
            Runs on the manual clock, so the output is the same on every machine. The scene's first view \
            controller that is neither the root nor a child is presented from the root. The plugin's roles make \
            its delegate: a delegate plugin is used as it is; otherwise it vends the animator, interaction and \
            presentation controller the plugin plays (a presentation controller implies --style custom). On the \
            demo scene, the options carry originFrame (the first card's frame).
            """)

    @Argument(help: "The plugin file (default: Plugins/pop.lua with the demo scene).")
    var plugin: String?

    @Option(help: "A scene file (.json or .lua returning the scene table); default: the built-in recipe demo.")
    var scene: String?

    @Option(help: "The modalPresentationStyle (fullScreen, pageSheet, formSheet, overFullScreen, currentContext, overCurrentContext, popover, custom, automatic).")
    var style: String?

    @Flag(help: "Dismiss when the presentation has ended.")
    var dismiss = false

    @Option(help: "Frames per second of the manual clock (0 < fps ≤ 1000).")
    var fps: Double = 60

    @Option(help: "Seconds to run (default: until the transitions end).")
    var seconds: Double?

    @Flag(help: "Print one JSON object per frame, shaped like scrim/frame's params, instead of a table.")
    var json = false

    /// How long a run goes on at most without --seconds.
    static let timeLimit = 60.0

    @MainActor func run() async throws {
        let pluginURL = try resolvePlugin()
        let presentationStyle = try style.map { name in
            guard let value = ModalPresentationStyle(rawValue: name) else {
                throw ValidationError("--style: unknown presentation style '\(name)'; use one of \(ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 3600) {
            throw ValidationError("--seconds: expected a number from 0 to 3600, got \(seconds)")
        }
        let description = try loadScene()
        let built = description.build()
        guard let presentedID = description.firstPresentable, let presented = built.viewControllers[presentedID] else {
            throw ValidationError("the scene has no view controller to present (one that is neither the root nor a child)")
        }
        let host: ScrimHost
        do {
            host = try ScrimHost(
                pluginDirectories: [pluginURL.deletingLastPathComponent()], clock: .manual(frameRate: fps),
                windowSize: description.windowSize, rootViewController: built.root)
        } catch {
            throw ValidationError("\(error)")
        }
        host.window.forcedHorizontalSizeClass = description.horizontalSizeClass
        let diagnostics = host.scriptDiagnostics[pluginURL.path] ?? []
        for diagnostic in diagnostics { printError("\(diagnostic)") }
        guard let info = host.plugins.first(where: { $0.path == pluginURL.path }), !diagnostics.contains(where: { $0.severity == .error }) else {
            printError("\(pluginURL.path): the plugin did not load")
            throw ExitCode.failure
        }
        var options: RoleOptions = [:]
        if scene == nil { options["originFrame"] = .rect(DemoScene.cardFrames[0]) }
        let roles = Set(info.roles)
        if roles.contains(.delegate) {
            presented.transitioningDelegate = try host.delegate(named: info.name, options: options)
        } else {
            presented.transitioningDelegate = try host.delegate(
                animator: roles.contains(.animator) ? info.name : nil,
                interaction: roles.contains(.interaction) ? info.name : nil,
                presentation: roles.contains(.presentation) ? info.name : nil, options: options)
        }
        if let presentationStyle {
            presented.modalPresentationStyle = presentationStyle
        } else if roles.contains(.presentation) {
            presented.modalPresentationStyle = .custom
        }

        var faults = 0
        host.onDiagnostics { diagnostic in
            faults += 1
            printError("\(diagnostic)")
        }
        let recorder = FrameRecorder()
        var frames: [(time: Double, views: [View])] = []
        var rows: [TimelineRow] = []
        func record(_ time: Double) {
            let changed = recorder.changes(in: host.window)
            guard !changed.isEmpty else { return }
            if json { frames.append((time, changed)) }
            rows += changed.map { TimelineRow(time: time, view: $0) }
        }
        host.onFrame { time in record(time) }
        record(host.now)

        var ended = 0
        host.onTransition { event in if case .ended = event { ended += 1 } }
        try? host.rootViewController.present(presented, animated: true)
        let limit = seconds ?? Self.timeLimit
        let frame = 1 / fps
        var dismissed = false
        while host.now < limit - 1e-9 {
            if seconds == nil, ended == (dismiss ? 2 : 1) { break }
            if dismiss, !dismissed, ended == 1 {
                dismissed = true
                try? presented.dismiss(animated: true)
            }
            host.advance(by: min(frame, limit - host.now))
        }
        if json {
            for frame in frames {
                print(String(decoding: FrameRecorder.frameParams(time: frame.time, views: frame.views).serialized(), as: UTF8.self))
            }
        } else {
            TimelineRow.printTable(rows)
        }
        if faults > 0 { throw ExitCode.failure }
    }

    private func resolvePlugin() throws -> URL {
        if let plugin {
            let url = URL(fileURLWithPath: plugin).standardizedFileURL
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw ValidationError("\(plugin): no such readable plugin file")
            }
            return url
        }
        guard let directory = ShippedPlugins.directory else {
            throw ValidationError("the shipped plugins were not found: give a plugin file, run from the repository, or set SCRIM_PLUGINS")
        }
        return directory.appendingPathComponent("pop.lua")
    }

    @MainActor private func loadScene() throws -> SceneDescription {
        guard let scene else { return DemoScene.description }
        let reader: ScrimHost
        do { reader = try ScrimHost() } catch { throw ValidationError("\(error)") }
        do {
            return try SceneDescription(contentsOf: URL(fileURLWithPath: scene).standardizedFileURL, evaluatingLuaWith: reader)
        } catch {
            throw ValidationError("--scene: \(error.message)")
        }
    }
}

private func printError(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
}
