import Foundation
import ScrimCore
import ScrimHost

/// What to play: a plugin's transition on a scene on the manual clock, as `scrim run`, `scrim
/// preview`, the live preview and `scrim check --play` play it. The scene (or the demo) and the
/// plugin are loaded, the plugin's roles make the delegate, the scene's template is presented (or
/// pushed, or a segue runs), the interaction is played, what was presented is dismissed (or
/// popped) with `dismiss`, and the clock ticks frame by frame until the transitions have ended.
///
/// `play` returns the events and the faults; the frames go to the player's `onFrame`. What cannot
/// be played throws a `PlaybackError`.
package struct TransitionPlayback: Sendable, Equatable {
    /// The interaction played: a file of timed events, the events themselves (a drag), or a
    /// percent sweep given to each interactive transition when it begins (`PlayCheck`).
    package enum Interaction: Sendable, Equatable {
        case file(URL)
        case events(InteractionScript, name: String)
        case percentSweep
    }

    /// The plugin file, or nil for the shipped `pop.lua`.
    package var plugin: URL?
    /// More plugin directories; the plugin's own directory comes first.
    package var pluginDirectories: [URL]
    /// The scene file, or nil for the built-in demo.
    package var scene: URL?
    package var style: ModalPresentationStyle?
    /// The animator an interaction-only plugin drives.
    package var animator: String?
    package var interaction: Interaction?
    package var dismiss: Bool
    package var push: Bool
    /// The scene's segue to run instead of presenting, and the view whose tap triggers it.
    package var segue: String?
    package var tap: String?
    package var fps: Double
    /// Clock seconds to run; nil: until the transitions end (at most `timeLimit`).
    package var seconds: Double?
    /// The limits of a new host's Lua state (a host given to `start` keeps its own).
    package var limits: ScrimHost.Limits
    /// The device whose window size and horizontal size class replace the scene's (`--device`);
    /// nil: the scene's own.
    package var device: Device? = nil

    /// How long a run goes on at most without `seconds`.
    package static let timeLimit = 60.0

    package init(
        plugin: URL? = nil, pluginDirectories: [URL] = [], scene: URL? = nil, style: ModalPresentationStyle? = nil,
        animator: String? = nil, interaction: Interaction? = nil, dismiss: Bool = false, push: Bool = false,
        segue: String? = nil, tap: String? = nil, fps: Double = 60, seconds: Double? = nil, limits: ScrimHost.Limits = .init()
    ) {
        (self.plugin, self.pluginDirectories, self.scene, self.style) = (plugin, pluginDirectories, scene, style)
        (self.animator, self.interaction, self.dismiss, self.push) = (animator, interaction, dismiss, push)
        (self.segue, self.tap, self.fps, self.seconds, self.limits) = (segue, tap, fps, seconds, limits)
    }

    /// The same playback of another plugin file.
    package func playing(_ plugin: URL?) -> TransitionPlayback {
        var playback = self
        playback.plugin = plugin
        return playback
    }

    /// The plugin file played: the one given, else the shipped `pop.lua`.
    package func pluginFile() throws(PlaybackError) -> URL {
        if let plugin { return plugin.standardizedFileURL }
        guard let directory = ShippedPlugins.directory else {
            throw .invalidOptions("the shipped plugins were not found: give a plugin file, run from the repository, or set SCRIM_PLUGINS")
        }
        return directory.appendingPathComponent("pop.lua")
    }

    /// The plugin directories of a host that plays this: the plugin's own first, then the others.
    package func directories(for pluginFile: URL) -> [URL] {
        var directories = [pluginFile.deletingLastPathComponent()]
        for url in pluginDirectories where !directories.contains(url) { directories.append(url) }
        return directories
    }

    /// Plays the transition to its end (or for `seconds`), on a new host or on `host` (see
    /// `start`). `onEvent` hears the events as they happen; `onFrame` sees the window once before
    /// anything starts and after every tick.
    @MainActor
    package func play(
        on host: ScrimHost? = nil, onEvent: @escaping (PlaybackEvent) -> Void = { _ in },
        onFrame: @escaping (Double, Window) -> Void = { _, _ in }
    ) throws(PlaybackError) -> PlaybackResult {
        let run = try start(on: host, onEvent: onEvent, onFrame: onFrame)
        try run.run(until: seconds ?? Self.timeLimit, stoppingWhenDone: seconds == nil)
        return run.result
    }

    /// Builds the scene, makes the delegate and begins the transition (presents, pushes or runs
    /// the segue), and returns it before its first tick: `PlaybackRun.run` plays it on.
    ///
    /// On a new host by default, which loads the plugin directories; or on `existing`, whose
    /// plugins are loaded already (a live preview's watching host: nothing is compiled again):
    /// it gets a new window with the scene and a clock from 0, and what the last play left in
    /// the old window goes with it.
    @MainActor
    package func start(
        on existing: ScrimHost? = nil, onEvent: @escaping (PlaybackEvent) -> Void = { _ in },
        onFrame: @escaping (Double, Window) -> Void = { _, _ in }
    ) throws(PlaybackError) -> PlaybackRun {
        let pluginURL = try pluginFile()
        let script = try interactionScript()
        var description = try loadScene()
        if let device { (description.windowSize, description.horizontalSizeClass) = (device.size, device.horizontalSizeClass) }
        let built = description.build()
        guard let presentedID = description.firstPresentable, let presented = built.viewControllers[presentedID] else {
            throw .cannotPlay("\(sceneLabel)the scene has no view controller to present (one that is neither the root nor a child)")
        }
        let host: ScrimHost
        if let existing {
            do {
                try existing.replaceWindow(
                    size: description.windowSize, horizontalSizeClass: description.horizontalSizeClass, rootViewController: built.root,
                    frameRate: fps)
            } catch {
                throw .cannotPlay("\(error)")
            }
            host = existing
        } else {
            host = try makeHost(
                windowSize: description.windowSize, horizontalSizeClass: description.horizontalSizeClass, rootViewController: built.root)
        }
        do {
            try description.applyDelegates(to: built, using: host)
            // The scene's view controllers keep their storyboard (segues, controllers).
            _ = try SceneStoryboard(scene: description, built: built, host: host)
        } catch {
            throw .cannotPlay("\(sceneLabel)\(error)")
        }
        let info = try Self.loaded(pluginURL, in: host)
        let segueRun = try segue.map { identifier throws(PlaybackError) in try findSegue(identifier, built: built) }
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
        let navigation = push ? try navigationController(in: built, window: host.window) : nil

        let run = PlaybackRun(
            host: host, script: script, sweepsInteraction: interaction == .percentSweep, fps: fps, dismiss: dismiss, isSegue: segueRun != nil,
            kind: segueRun != nil ? nil : navigation == nil ? .presentation : .push, onEvent: onEvent)
        let files = Dictionary(host.plugins.map { ($0.name, URL(fileURLWithPath: $0.path).lastPathComponent) }) { first, _ in first }
        run.logObserver = host.onLog { [unowned host, weak run, window = host.window] logged in
            // A play of this window's only: the host may be playing a newer one.
            guard host.window === window else { return }
            run?.report(
                .log(time: host.now, plugin: logged.plugin, file: files[logged.plugin] ?? logged.plugin, line: logged.line, text: logged.text))
        }
        host.onTransition { [unowned host, weak run] event in
            switch event {
            case .began(let transition, let kind, let from, let to, let interactive):
                run?.transitionBegan(transition, interactive: interactive)
                run?.report(.began(time: host.now, transition: transition, kind: kind, from: from, to: to, interactive: interactive))
            case .ended(let transition, let completed):
                run?.transitionEnded(completed: completed)
                run?.report(.ended(time: host.now, transition: transition, completed: completed))
            case .trace, .diagnostic:
                break
            }
        }
        host.onFrame { [unowned host] time in onFrame(time, host.window) }
        onFrame(host.now, host.window)

        func completion(_ kind: TransitionKind) -> (Bool) -> Void {
            { [unowned host, weak run] completed in run?.report(.completion(time: host.now, kind: kind, completed: completed)) }
        }
        do {
            if let segueRun {
                try start(segueRun, delegate: delegate, roles: Set(info.roles), host: host, completion: completion) { text in
                    run.report(.input(time: host.now, index: -1, description: text))
                }
            } else if let navigation {
                navigation.delegate = presented.transitioningDelegate.map { TransitioningNavigationDelegate.make(for: $0) }
                try navigation.pushViewController(presented, animated: true, completion: completion(.push))
            } else {
                try host.rootViewController.present(presented, animated: true, completion: completion(.presentation))
            }
        } catch let error as PlaybackError {
            throw error
        } catch {
            throw .cannotPlay("\(segue.map { "--segue \($0)" } ?? (navigation == nil ? "present" : "push")): \(error)")
        }
        run.flushFaults()
        run.dismissal = { () throws(PlaybackError) in
            do {
                if let navigation {
                    try navigation.popViewController(animated: true, completion: completion(.pop))
                } else {
                    try presented.dismiss(animated: true, completion: completion(.dismissal))
                }
            } catch {
                throw .cannotPlay("\(navigation == nil ? "dismiss" : "pop"): \(error)")
            }
        }
        return run
    }

    /// A new host for this playback: the plugin file's directory and the other plugin
    /// directories loaded, the manual clock at `fps`, `limits`; its window forced to
    /// `horizontalSizeClass` (if given) before `rootViewController` is laid out in it.
    @MainActor
    package func makeHost(
        windowSize: Size = Window.defaultSize, horizontalSizeClass: UserInterfaceSizeClass? = nil, rootViewController: ViewController? = nil
    ) throws(PlaybackError) -> ScrimHost {
        do {
            let host = try ScrimHost(
                pluginDirectories: directories(for: try pluginFile()), clock: .manual(frameRate: fps), windowSize: windowSize, limits: limits)
            host.window.forcedHorizontalSizeClass = horizontalSizeClass
            if let rootViewController { host.window.rootViewController = rootViewController }
            return host
        } catch let error as PlaybackError {
            throw error
        } catch {
            throw .cannotPlay("\(error)")
        }
    }

    /// The plugin file at `url` as `host` loaded it; `pluginDidNotLoad` with its diagnostics when
    /// it has an error (or is not a plugin of the host).
    @MainActor
    package static func loaded(_ url: URL, in host: ScrimHost) throws(PlaybackError) -> PluginInfo {
        let diagnostics = host.scriptDiagnostics[url.path] ?? []
        guard let info = host.plugins.first(where: { $0.path == url.path }), !diagnostics.contains(where: { $0.severity == .error })
        else {
            throw .pluginDidNotLoad(path: url.path, diagnostics: diagnostics)
        }
        return info
    }

    /// `--scene FILE: ` for messages about the scene file, "" for the demo.
    private var sceneLabel: String { scene.map { "--scene \($0.path): " } ?? "" }

    /// The interaction's events, read from its file if it has one.
    private func interactionScript() throws(PlaybackError) -> (script: InteractionScript, name: String)? {
        switch interaction {
        case nil, .percentSweep: return nil
        case .events(let script, let name): return (script, name)
        case .file(let url):
            do {
                return (try InteractionScript(contentsOf: url.standardizedFileURL), url.lastPathComponent)
            } catch {
                throw .cannotPlay("--interaction \(error)")
            }
        }
    }

    /// The delegate the plugin's roles make: a delegate plugin as it is, else one vending the
    /// animator, interaction and presentation controller it plays. Nil for a plugin that plays
    /// none of those (a segue plugin) when `required` is false.
    @MainActor
    private func makeDelegate(
        plugin info: PluginInfo, host: ScrimHost, options: RoleOptions, required: Bool
    ) throws(PlaybackError) -> (any TransitioningDelegate)? {
        let roles = Set(info.roles)
        if roles.contains(.interaction), !roles.contains(.animator), !roles.contains(.delegate), animator == nil {
            throw .invalidOptions(
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
            switch error {
            case .constructorFailed, .constructorBadResult: throw .cannotPlay("\(error)")
            // `--animator` names no animator of the plugin directories.
            default: throw .invalidOptions("\(error)")
            }
        } catch {
            throw .cannotPlay("\(error)")
        }
    }

    /// The segue `segue` names: its source (the first view controller of the scene that declares
    /// it) and its declaration.
    @MainActor
    private func findSegue(_ identifier: String, built: BuiltScene) throws(PlaybackError) -> (source: ViewController, template: SegueTemplate) {
        for id in built.order {
            guard let source = built.viewControllers[id], let template = source.segueTemplates.first(where: { $0.identifier == identifier })
            else { continue }
            return (source, template)
        }
        let declared = built.order.flatMap { built.viewControllers[$0]?.segueTemplates.map(\.identifier) ?? [] }
        throw .cannotPlay(
            "--segue \(identifier): \(sceneLabel)no view controller of the scene declares it"
                + " (segues: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))")
    }

    /// Gives the segue the plugin's delegate (a show segue's navigation controller gets it as its
    /// delegate, any other segue gives it to its destination), then runs it: by a tap at the
    /// center of the `tap` view, or from code.
    @MainActor
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
                throw PlaybackError.cannotPlay("--tap \(tap): no view with that id in the window")
            }
            let center = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            try checkTap(at: center, on: tap, triggers: template, in: host.window)
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

    /// Refuses a `--tap` whose tap (at `center`, the view's center) would not run `template`: it
    /// triggers another segue, or none.
    @MainActor
    private func checkTap(at center: Point, on tap: String, triggers template: SegueTemplate, in window: Window) throws(PlaybackError) {
        let hit = window.hitTest(center)
        let triggered = hit.flatMap { window.rootViewController?.triggeredSegue(for: $0)?.template.identifier }
        guard triggered != template.identifier else { return }
        let what = triggered.map { "runs segue '\($0)'" } ?? "runs no segue"
        let instead = template.trigger.map { "its trigger is '\($0)'" } ?? "it has no trigger view: run it without --tap"
        throw .cannotPlay(
            "--tap \(tap): a tap at its center (on \(hit?.id ?? "nothing")) \(what), not --segue \(template.identifier) (\(instead))")
    }

    /// The navigation controller `push` pushes on: the scene's first one in the window.
    @MainActor
    private func navigationController(in built: BuiltScene, window: Window) throws(PlaybackError) -> NavigationController {
        let found = built.order.lazy.compactMap { built.viewControllers[$0] as? NavigationController }
            .first { $0.isViewLoaded && $0.view.window === window }
        guard let found else {
            throw .cannotPlay("--push: \(sceneLabel)the scene has no navigation controller in the window")
        }
        return found
    }

    /// The `scene` file (a `.lua` one evaluated by a host of its own), else the demo scene.
    @MainActor
    private func loadScene() throws(PlaybackError) -> SceneDescription {
        guard let scene else { return DemoScene.description }
        let reader: ScrimHost
        do {
            reader = try ScrimHost()
        } catch {
            throw .cannotPlay("\(error)")
        }
        do {
            return try SceneDescription(contentsOf: scene.standardizedFileURL, evaluatingLuaWith: reader)
        } catch {
            throw .cannotPlay("--scene \(error.message)")
        }
    }
}
