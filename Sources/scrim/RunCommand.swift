import ArgumentParser
import Foundation
import Scrim
import ScrimBench
import ScrimHost

/// `scrim run`: presents (and with `--dismiss` then dismisses) a view controller of a scene with
/// a plugin's roles on the manual clock, plays an interaction file if given, and prints the
/// timeline: the views that moved, the transitions' events and what the plugins printed.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a plugin's transition on a scene (default: Plugins/pop.lua on the built-in recipe demo) and print its timeline.",
        discussion: """
            Runs on the manual clock, so the output is the same on every machine. The scene's first view \
            controller that is neither the root nor a child is presented from the root (on the demo: details, \
            from the navigation controller nav that holds the home screen); with --push it is pushed on the \
            scene's first navigation controller instead, the plugin's delegate becoming its delegate. The plugin's roles make \
            its delegate: a delegate plugin is used as it is; otherwise it vends the animator, interaction and \
            presentation controller the plugin plays (a presentation controller implies --style custom; an \
            interaction-only plugin needs --animator). On the demo scene, the options carry originFrame (the \
            first card's frame). The plugin's own directory and the --plugins directories are the plugin \
            directories: their plugins can be named and required. With --segue the scene's segue runs instead \
            (from code, or triggered by a tap on the --tap view), animated by the plugin's roles; a segue plugin \
            is the segue class the scene's custom segues name.
            """)

    @Argument(help: "The plugin file (default: Plugins/pop.lua with the demo scene).", completion: .file(extensions: ["lua"]))
    var plugin: String?

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @Option(
        help: "A scene file (.json or .lua returning the scene table); default: the built-in recipe demo.",
        completion: .file(extensions: ["json", "lua"]))
    var scene: String?

    @Option(help: "The presented view controller's modalPresentationStyle.")
    var style: PresentationStyleArgument?

    @Option(help: "The animator an interaction-only plugin drives (a plugin or role name of the plugin directories).")
    var animator: String?

    @Option(
        help: "A JSON file of timed pan events or percent updates to play (see Docs/WritingAnimators.md).",
        completion: .file(extensions: ["json"]))
    var interaction: String?

    @Flag(help: "Dismiss when the presentation has ended (with --push: pop when the push has ended).")
    var dismiss = false

    @Flag(help: "Push the scene's template on its navigation controller instead of presenting it; the plugin animates the push (and with --dismiss the pop).")
    var push = false

    @Option(help: "Run the scene's segue with this identifier instead of presenting (declared by the first view controller that has it); the plugin animates it.")
    var segue: String?

    @Option(help: "With --segue: trigger it by a tap on the view with this id (its source's shouldPerformSegue is asked) instead of from code.")
    var tap: String?

    @Option(help: "Frames per second of the manual clock (0 < fps ≤ 1000).")
    var fps: Double = 60

    @Option(help: "Seconds to run, 0 to 3600 (default: until the transitions end).")
    var seconds: Double?

    @Flag(help: "Print one JSON object per frame, shaped like scrim/frame's params, instead of a table.")
    var json = false

    @Flag(help: "With --json: also print the transitions' events, the input played and the plugins' output as JSON objects, in order.")
    var events = false

    /// How long a run goes on at most without --seconds.
    static let timeLimit = 60.0

    /// The usage errors (exit 2): bad values, options that do not go together, files that are not
    /// there. What is wrong inside a file is found when it is read, and is a failure (exit 1).
    func validate() throws {
        if let style, style.value == nil {
            throw ValidationError(
                "--style: unknown presentation style '\(style.word)'; use one of \(PresentationStyleArgument.allValueStrings.joined(separator: ", "))")
        }
        if !(fps.isFinite && fps > 0 && fps <= 1000) {
            throw ValidationError("--fps: expected a number of frames per second above 0 and at most 1000, got \(fps)")
        }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 3600) {
            throw ValidationError("--seconds: expected a number from 0 to 3600, got \(seconds)")
        }
        if events, !json { throw ValidationError("--events goes with --json (the table always shows the events)") }
        if push, style != nil { throw ValidationError("--style is a presentation's: a push has no presentation style") }
        if tap != nil, segue == nil { throw ValidationError("--tap goes with --segue (the tap triggers the segue)") }
        if segue != nil, push || dismiss || style != nil {
            throw ValidationError("--segue runs the scene's segue as declared: --push, --dismiss and --style do not go with it")
        }
        if let plugin { try InputFile.validate(plugin, noun: "plugin file") }
        if let scene { try InputFile.validate(scene, prefix: "--scene: ") }
        if let interaction { try InputFile.validate(interaction, prefix: "--interaction: ") }
    }

    @MainActor func run() async throws {
        let pluginURL = try resolvePlugin()
        let script = try interaction.map { path in
            do {
                return try InteractionScript(contentsOf: URL(fileURLWithPath: path).standardizedFileURL)
            } catch {
                printError("scrim run: --interaction \(error)")
                throw ExitCode.failure
            }
        }
        let description = try loadScene()
        let built = description.build()
        guard let presentedID = description.firstPresentable, let presented = built.viewControllers[presentedID] else {
            let file = scene.map { "--scene \($0): " } ?? ""
            printError("scrim run: \(file)the scene has no view controller to present (one that is neither the root nor a child)")
            throw ExitCode.failure
        }
        var directories = [pluginURL.deletingLastPathComponent()]
        for url in pluginDirectories.urls where !directories.contains(url) { directories.append(url) }
        let host: ScrimHost
        do {
            host = try ScrimHost(
                pluginDirectories: directories, clock: .manual(frameRate: fps),
                windowSize: description.windowSize, rootViewController: built.root)
        } catch {
            printError("scrim run: \(error)")
            throw ExitCode.failure
        }
        host.window.forcedHorizontalSizeClass = description.horizontalSizeClass
        do {
            try description.applyDelegates(to: built, using: host)
        } catch {
            printError("scrim run: \(scene.map { "--scene \($0): " } ?? "")\(error)")
            throw ExitCode.failure
        }
        do {
            // The scene's view controllers keep their storyboard (segues, controllers).
            _ = try SceneStoryboard(scene: description, built: built, host: host)
        } catch {
            printError("scrim run: \(scene.map { "--scene \($0): " } ?? "")\(error)")
            throw ExitCode.failure
        }
        let diagnostics = host.scriptDiagnostics[pluginURL.path] ?? []
        for diagnostic in diagnostics { printError("\(diagnostic)") }
        guard let info = host.plugins.first(where: { $0.path == pluginURL.path }), !diagnostics.contains(where: { $0.severity == .error }) else {
            printError("\(pluginURL.path): the plugin did not load")
            throw ExitCode.failure
        }
        let segueRun = try segue.map { identifier in try findSegue(identifier, in: description, built: built) }
        var options: RoleOptions = [:]
        if scene == nil { options["originFrame"] = .rect(DemoScene.cardFrames[0]) }
        if let segueRun, let trigger = segueRun.template.trigger, let view = host.window.descendant(withID: trigger) {
            options["originFrame"] = .rect(view.convert(view.bounds, to: nil))
        }
        let delegate = try makeDelegate(plugin: info, host: host, options: options, required: segueRun == nil)
        if segueRun == nil {
            presented.transitioningDelegate = delegate
            if let style = style?.value {
                presented.modalPresentationStyle = style
            } else if info.roles.contains(.presentation) {
                presented.modalPresentationStyle = .custom
            }
        }

        var timeline = RunTimeline()
        var faults = 0
        host.onDiagnostics { diagnostic in
            faults += 1
            printError("\(diagnostic)")
        }
        let files = Dictionary(host.plugins.map { ($0.name, URL(fileURLWithPath: $0.path).lastPathComponent) }) { first, _ in first }
        host.onLog { plugin, line, text in
            timeline.record(.log(time: host.now, plugin: plugin, file: files[plugin] ?? plugin, line: line, text: text))
        }
        var ended = 0
        host.onTransition { event in
            switch event {
            case .began(let transition, let kind, let from, let to, let interactive):
                timeline.record(.began(
                    time: host.now, transition: transition, kind: kind, from: from, to: to, interactive: interactive))
            case .ended(let transition, let completed):
                ended += 1
                timeline.record(.ended(time: host.now, transition: transition, completed: completed))
            case .trace, .diagnostic:
                break
            }
        }
        host.onFrame { time in timeline.recordFrame(at: time, in: host.window) }
        timeline.recordFrame(at: host.now, in: host.window)

        func completion(_ kind: TransitionKind) -> (Bool) -> Void {
            { completed in timeline.record(.completion(time: host.now, kind: kind, completed: completed)) }
        }
        let navigation = push ? try navigationController(in: built, window: host.window) : nil
        do {
            if let segueRun {
                try start(segueRun, delegate: delegate, roles: Set(info.roles), host: host, completion: completion) { text in
                    timeline.record(.input(time: host.now, index: -1, description: text))
                }
            } else if let navigation {
                navigation.delegate = presented.transitioningDelegate.map { TransitioningNavigationDelegate.make(for: $0) }
                try navigation.pushViewController(presented, animated: true, completion: completion(.push))
            } else {
                try host.rootViewController.present(presented, animated: true, completion: completion(.presentation))
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("scrim run: \(segue.map { "--segue \($0)" } ?? (navigation == nil ? "present" : "push")): \(error)")
            throw ExitCode.failure
        }
        let limit = seconds ?? Self.timeLimit
        // Each tick lands on a whole frame, n / fps, computed afresh (never by adding 1 / fps up):
        // an animation of a whole number of frames ends exactly on its last tick.
        var frameIndex = 0
        var dismissed = false
        var next = 0
        while true {
            if let script, let name = interaction {
                while next < script.events.count, script.events[next].time <= host.now + 1e-9 {
                    timeline.record(.input(time: host.now, index: next, description: Self.describe(script.events[next].action)))
                    do {
                        try script.deliver(next, to: host.window, name: URL(fileURLWithPath: name).lastPathComponent)
                    } catch {
                        printError("scrim run: --interaction \(error)")
                        throw ExitCode.failure
                    }
                    next += 1
                }
            }
            guard host.now < limit - 1e-9 else { break }
            // Done when the run's transitions have ended, the file has been played and what the
            // file began (an edge swipe's pop) has ended too.
            // A segue ends when nothing runs any more: no transition, no animation (a custom
            // segue may animate its destination itself).
            let engine = host.window.engine
            let done = segueRun == nil
                ? ended >= (dismiss ? 2 : 1) : frameIndex > 0 && engine.runningTrackCount == 0 && engine.activeGroupCount == 0
            if seconds == nil, done, next == script?.events.count ?? 0, !host.window.isTransitioning {
                break
            }
            if dismiss, !dismissed, ended == 1 {
                dismissed = true
                do {
                    if let navigation {
                        try navigation.popViewController(animated: true, completion: completion(.pop))
                    } else {
                        try presented.dismiss(animated: true, completion: completion(.dismissal))
                    }
                } catch {
                    printError("scrim run: \(navigation == nil ? "dismiss" : "pop"): \(error)")
                    throw ExitCode.failure
                }
            }
            frameIndex += 1
            host.advance(by: min(Double(frameIndex) / fps, limit) - host.now)
        }
        if json {
            for line in timeline.jsonLines(events: events) { print(line) }
        } else {
            for line in timeline.tableLines() { print(line) }
        }
        if faults > 0 { throw ExitCode.failure }
    }

    /// The delegate the plugin's roles make: a delegate plugin as it is, else one vending the
    /// animator, interaction and presentation controller it plays. Nil for a plugin that plays
    /// none of those (a segue plugin) when `required` is false.
    @MainActor private func makeDelegate(
        plugin info: PluginInfo, host: ScrimHost, options: RoleOptions, required: Bool
    ) throws -> (any TransitioningDelegate)? {
        let roles = Set(info.roles)
        if roles.contains(.interaction), !roles.contains(.animator), !roles.contains(.delegate), animator == nil {
            throw ValidationError(
                "\(info.name) plays the interaction role only: an interaction drives an animator; name one with --animator (e.g. --animator diagonal)")
        }
        if !required, animator == nil, roles.isDisjoint(with: [.animator, .interaction, .presentation, .delegate]) { return nil }
        do {
            if roles.contains(.delegate), animator == nil {
                return try host.delegate(named: info.name, options: options)
            }
            return try host.delegate(
                animator: animator ?? (roles.contains(.animator) ? info.name : nil),
                interaction: roles.contains(.interaction) ? info.name : nil,
                presentation: roles.contains(.presentation) ? info.name : nil, options: options)
        } catch let error as HostError {
            // `--animator` names no animator of the plugin directories.
            throw ValidationError("\(error)")
        } catch {
            printError("scrim run: \(error)")
            throw ExitCode.failure
        }
    }

    /// The segue `--segue` names: its source (the first view controller of the scene that
    /// declares it) and its declaration.
    @MainActor private func findSegue(
        _ identifier: String, in description: SceneDescription, built: BuiltScene
    ) throws -> (source: ViewController, template: SegueTemplate) {
        for id in built.order {
            guard let source = built.viewControllers[id], let template = source.segueTemplates.first(where: { $0.identifier == identifier })
            else { continue }
            return (source, template)
        }
        let declared = built.order.flatMap { built.viewControllers[$0]?.segueTemplates.map(\.identifier) ?? [] }
        printError(
            "scrim run: --segue \(identifier): \(scene.map { "--scene \($0): " } ?? "")no view controller of the scene declares it"
                + " (segues: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))")
        throw ExitCode.failure
    }

    /// Gives the segue the plugin's delegate (a show segue's navigation controller gets it as its
    /// delegate, any other segue gives it to its destination), then runs it: by a tap at the
    /// center of the `--tap` view, or from code.
    @MainActor private func start(
        _ run: (source: ViewController, template: SegueTemplate), delegate: (any TransitioningDelegate)?, roles: Set<RoleKind>,
        host: ScrimHost, completion: (TransitionKind) -> (Bool) -> Void, record: (String) -> Void
    ) throws {
        let (source, template) = run
        if let delegate {
            if template.kind == .show, let navigation = source.navigationController ?? (source as? NavigationController) {
                navigation.delegate = TransitioningNavigationDelegate.make(for: delegate)
            } else if let index = source.segueTemplates.firstIndex(where: { $0.identifier == template.identifier }) {
                source.segueTemplates[index].transitioningDelegate = delegate
                if roles.contains(.presentation), template.kind == .present {
                    source.segueTemplates[index].modalPresentationStyle = .custom
                }
            }
        }
        if let tap {
            guard let view = host.window.descendant(withID: tap) else {
                printError("scrim run: --tap \(tap): no view with that id in the window")
                throw ExitCode.failure
            }
            let center = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            let hit = try host.window.sendTap(at: center)
            record(String(format: "tap at (%g, %g) on %@", center.x, center.y, hit?.id ?? "nothing"))
            return
        }
        let kind: TransitionKind =
            switch template.kind {
            case .show: source.navigationController != nil ? .push : .presentation
            case .unwind: .dismissal
            default: .presentation
            }
        try source.performSegue(withIdentifier: template.identifier, sender: nil, completion: completion(kind))
    }

    /// The navigation controller `--push` pushes on: the scene's first one in the window.
    @MainActor private func navigationController(in built: BuiltScene, window: Window) throws -> NavigationController {
        let found = built.order.lazy.compactMap { built.viewControllers[$0] as? NavigationController }
            .first { $0.isViewLoaded && $0.view.window === window }
        guard let found else {
            printError("scrim run: --push: \(scene.map { "--scene \($0): " } ?? "")the scene has no navigation controller in the window")
            throw ExitCode.failure
        }
        return found
    }

    private static func describe(_ action: InteractionScript.Action) -> String {
        func format(_ value: Double) -> String { String(format: "%g", value) }
        switch action {
        case .pan(let phase, let point, let view):
            return "pan \(phase.rawValue) at (\(format(point.x)), \(format(point.y)))" + (view.map { " in \($0)" } ?? "")
        case .update(let percent): return "percent \(format(percent))"
        case .finish: return "finish"
        case .cancel: return "cancel"
        case .pause: return "pause"
        }
    }

    /// The plugin file given (`validate()` checked it is there), else the shipped `pop.lua`.
    private func resolvePlugin() throws -> URL {
        if let plugin { return URL(fileURLWithPath: plugin).standardizedFileURL }
        guard let directory = ShippedPlugins.directory else {
            throw ValidationError("the shipped plugins were not found: give a plugin file, run from the repository, or set SCRIM_PLUGINS")
        }
        return directory.appendingPathComponent("pop.lua")
    }

    /// The `--scene` file (a `.lua` one evaluated by a host of its own), else the demo scene. A
    /// scene that cannot be read is a failure (exit 1), as a plugin or interaction file is.
    @MainActor private func loadScene() throws -> SceneDescription {
        guard let scene else { return DemoScene.description }
        let reader: ScrimHost
        do {
            reader = try ScrimHost()
        } catch {
            printError("scrim run: \(error)")
            throw ExitCode.failure
        }
        do {
            return try SceneDescription(contentsOf: URL(fileURLWithPath: scene).standardizedFileURL, evaluatingLuaWith: reader)
        } catch {
            printError("scrim run: --scene \(error.message)")
            throw ExitCode.failure
        }
    }
}

private func printError(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
}
