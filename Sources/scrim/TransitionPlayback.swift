import ArgumentParser
import Foundation
import Scrim
import ScrimBench
import ScrimHost

/// Plays a plugin's transition on a scene on the manual clock, as `scrim run` and `scrim preview`
/// do: loads the scene (or the demo) and the plugin, makes the delegate its roles play, presents
/// (or pushes, or runs a segue), plays the interaction file, dismisses (or pops) with `dismiss`,
/// and ticks frame by frame until the transitions have ended. Whoever plays it hears every event
/// and sees the window after every tick.
///
/// What cannot be used (a scene, a plugin, an interaction file) is reported on stderr, prefixed
/// with `command`, and thrown as `ExitCode.failure`; options that do not fit the plugin are
/// thrown as `ValidationError`s (usage errors).
@MainActor
struct TransitionPlayback {
    /// The command's name in messages: `scrim run`, `scrim preview`.
    var command: String
    /// The plugin file, or nil for the shipped `pop.lua`.
    var plugin: String?
    /// The `--plugins` directories.
    var pluginDirectories: [URL] = []
    /// The scene file, or nil for the built-in demo.
    var scene: String?
    var style: ModalPresentationStyle?
    /// The animator an interaction-only plugin drives.
    var animator: String?
    /// The interaction file.
    var interaction: String?
    /// Interaction events given directly (the live preview's drags), played instead of a file's.
    var interactionScript: InteractionScript?
    var dismiss = false
    var push = false
    /// The scene's segue to run instead of presenting, and the view whose tap triggers it.
    var segue: String?
    var tap: String?
    var fps: Double = 60
    /// Clock seconds to run; nil: until the transitions end (at most `timeLimit`).
    var seconds: Double?

    /// How long a run goes on at most without `seconds`.
    static let timeLimit = 60.0

    /// Plays the transition. `onEvent` hears the events as they happen; `onFrame` sees the window
    /// once before anything starts and after every tick. Returns how many faults (diagnostics
    /// during the run) were reported on stderr.
    func play(onEvent: @escaping (PlaybackEvent) -> Void, onFrame: @escaping (Double, Window) -> Void) throws -> Int {
        let run = try start(onEvent: onEvent, onFrame: onFrame)
        try run.run(until: seconds ?? Self.timeLimit, stoppingWhenDone: seconds == nil)
        return run.faults
    }

    /// Loads the scene and the plugin, makes the delegate and begins the transition (presents,
    /// pushes or runs the segue), and returns it before its first tick: `PlaybackRun.run` plays
    /// it on. `onEvent` and `onFrame` are as for `play`.
    func start(onEvent: @escaping (PlaybackEvent) -> Void, onFrame: @escaping (Double, Window) -> Void) throws -> PlaybackRun {
        let pluginURL = try resolvePlugin()
        let script = try interactionScript ?? interaction.map { path in
            do {
                return try InteractionScript(contentsOf: URL(fileURLWithPath: path).standardizedFileURL)
            } catch {
                printError("\(command): --interaction \(error)")
                throw ExitCode.failure
            }
        }
        let description = try loadScene()
        let built = description.build()
        guard let presentedID = description.firstPresentable, let presented = built.viewControllers[presentedID] else {
            let file = scene.map { "--scene \($0): " } ?? ""
            printError("\(command): \(file)the scene has no view controller to present (one that is neither the root nor a child)")
            throw ExitCode.failure
        }
        var directories = [pluginURL.deletingLastPathComponent()]
        for url in pluginDirectories where !directories.contains(url) { directories.append(url) }
        let host: ScrimHost
        do {
            host = try ScrimHost(
                pluginDirectories: directories, clock: .manual(frameRate: fps),
                windowSize: description.windowSize, rootViewController: built.root)
        } catch {
            printError("\(command): \(error)")
            throw ExitCode.failure
        }
        host.window.forcedHorizontalSizeClass = description.horizontalSizeClass
        do {
            try description.applyDelegates(to: built, using: host)
        } catch {
            printError("\(command): \(scene.map { "--scene \($0): " } ?? "")\(error)")
            throw ExitCode.failure
        }
        do {
            // The scene's view controllers keep their storyboard (segues, controllers).
            _ = try SceneStoryboard(scene: description, built: built, host: host)
        } catch {
            printError("\(command): \(scene.map { "--scene \($0): " } ?? "")\(error)")
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
            if let style {
                presented.modalPresentationStyle = style
            } else if info.roles.contains(.presentation) {
                presented.modalPresentationStyle = .custom
            }
        }

        let run = PlaybackRun(
            host: host, script: script, scriptName: (interaction ?? (interactionScript != nil ? "drag" : nil)).map { URL(fileURLWithPath: $0).lastPathComponent },
            command: command, fps: fps, dismiss: dismiss, isSegue: segueRun != nil, onEvent: onEvent)
        host.onDiagnostics { [weak run] diagnostic in
            run?.faults += 1
            printError("\(diagnostic)")
        }
        let files = Dictionary(host.plugins.map { ($0.name, URL(fileURLWithPath: $0.path).lastPathComponent) }) { first, _ in first }
        host.onLog { [unowned host] plugin, line, text in
            onEvent(.log(time: host.now, plugin: plugin, file: files[plugin] ?? plugin, line: line, text: text))
        }
        host.onTransition { [unowned host, weak run] event in
            switch event {
            case .began(let transition, let kind, let from, let to, let interactive):
                onEvent(.began(time: host.now, transition: transition, kind: kind, from: from, to: to, interactive: interactive))
            case .ended(let transition, let completed):
                run?.ended += 1
                onEvent(.ended(time: host.now, transition: transition, completed: completed))
            case .trace, .diagnostic:
                break
            }
        }
        host.onFrame { [unowned host] time in onFrame(time, host.window) }
        onFrame(host.now, host.window)

        func completion(_ kind: TransitionKind) -> (Bool) -> Void {
            { [unowned host] completed in onEvent(.completion(time: host.now, kind: kind, completed: completed)) }
        }
        let navigation = push ? try navigationController(in: built, window: host.window) : nil
        do {
            if let segueRun {
                try start(segueRun, delegate: delegate, roles: Set(info.roles), host: host, completion: completion) { text in
                    onEvent(.input(time: host.now, index: -1, description: text))
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
            printError("\(command): \(segue.map { "--segue \($0)" } ?? (navigation == nil ? "present" : "push")): \(error)")
            throw ExitCode.failure
        }
        run.dismissal = { [command] in
            do {
                if let navigation {
                    try navigation.popViewController(animated: true, completion: completion(.pop))
                } else {
                    try presented.dismiss(animated: true, completion: completion(.dismissal))
                }
            } catch {
                printError("\(command): \(navigation == nil ? "dismiss" : "pop"): \(error)")
                throw ExitCode.failure
            }
        }
        return run
    }

    /// The delegate the plugin's roles make: a delegate plugin as it is, else one vending the
    /// animator, interaction and presentation controller it plays. Nil for a plugin that plays
    /// none of those (a segue plugin) when `required` is false.
    private func makeDelegate(
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
            printError("\(command): \(error)")
            throw ExitCode.failure
        }
    }

    /// The segue `segue` names: its source (the first view controller of the scene that declares
    /// it) and its declaration.
    private func findSegue(
        _ identifier: String, in description: SceneDescription, built: BuiltScene
    ) throws -> (source: ViewController, template: SegueTemplate) {
        for id in built.order {
            guard let source = built.viewControllers[id], let template = source.segueTemplates.first(where: { $0.identifier == identifier })
            else { continue }
            return (source, template)
        }
        let declared = built.order.flatMap { built.viewControllers[$0]?.segueTemplates.map(\.identifier) ?? [] }
        printError(
            "\(command): --segue \(identifier): \(scene.map { "--scene \($0): " } ?? "")no view controller of the scene declares it"
                + " (segues: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))")
        throw ExitCode.failure
    }

    /// Gives the segue the plugin's delegate (a show segue's navigation controller gets it as its
    /// delegate, any other segue gives it to its destination), then runs it: by a tap at the
    /// center of the `tap` view, or from code.
    private func start(
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
                printError("\(command): --tap \(tap): no view with that id in the window")
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

    /// The navigation controller `push` pushes on: the scene's first one in the window.
    private func navigationController(in built: BuiltScene, window: Window) throws -> NavigationController {
        let found = built.order.lazy.compactMap { built.viewControllers[$0] as? NavigationController }
            .first { $0.isViewLoaded && $0.view.window === window }
        guard let found else {
            printError("\(command): --push: \(scene.map { "--scene \($0): " } ?? "")the scene has no navigation controller in the window")
            throw ExitCode.failure
        }
        return found
    }

    /// The plugin file given (the command's `validate()` checked it is there), else the shipped
    /// `pop.lua`.
    private func resolvePlugin() throws -> URL {
        if let plugin { return URL(fileURLWithPath: plugin).standardizedFileURL }
        guard let directory = ShippedPlugins.directory else {
            throw ValidationError("the shipped plugins were not found: give a plugin file, run from the repository, or set SCRIM_PLUGINS")
        }
        return directory.appendingPathComponent("pop.lua")
    }

    /// The `scene` file (a `.lua` one evaluated by a host of its own), else the demo scene. A
    /// scene that cannot be read is a failure (exit 1), as a plugin or interaction file is.
    private func loadScene() throws -> SceneDescription {
        guard let scene else { return DemoScene.description }
        let reader: ScrimHost
        do {
            reader = try ScrimHost()
        } catch {
            printError("\(command): \(error)")
            throw ExitCode.failure
        }
        do {
            return try SceneDescription(contentsOf: URL(fileURLWithPath: scene).standardizedFileURL, evaluatingLuaWith: reader)
        } catch {
            printError("\(command): --scene \(error.message)")
            throw ExitCode.failure
        }
    }
}

/// Writes a line to stderr, and hands it to the task's `ErrorLines.collector` if it has one.
func printError(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
    ErrorLines.collector?.add(text)
}
