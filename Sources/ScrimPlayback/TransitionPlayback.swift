import Foundation
import ScrimCore
import ScrimHost

/// What to play: a plugin's transitions on a scene on the manual clock, as `scrim run`, `scrim
/// preview`, the live preview and `scrim check --play` play them. The scene (or the demo) and
/// the plugin are loaded, the plugin's roles make the delegate, and a scenario's steps are played
/// (`Scenario`, Docs/CLI.md "Scenarios"): a scenario file's, or the one the options make — the
/// scene's template presented (or pushed, or a segue run), with `dismiss` dismissed (or popped),
/// the interaction file's events at their times. The clock ticks frame by frame until every step
/// has ended.
///
/// `play` returns the events and the faults; the frames go to the player's `onFrame`. What cannot
/// be played throws a `PlaybackError`.
package struct TransitionPlayback: Sendable, Equatable {
    /// The interaction played: a file of timed events, the events themselves (a drag), or a
    /// percent sweep given to each interactive transition when it begins (`PlayCheck`), or a
    /// finish given to each as it begins, so that it plays its animator's own timeline (`scrim
    /// export`: Docs/Export.md, "Interactive transitions").
    package enum Interaction: Sendable, Equatable {
        case file(URL)
        case events(InteractionScript, name: String)
        case percentSweep
        case finish
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
    /// The steps to play instead of what `push`, `dismiss`, `segue`, `tap` and `interaction`
    /// say (see `use(_:)`).
    package var scenario: Scenario?
    /// Which transitions a plugin's interaction drives when the playback makes its delegate (nil:
    /// the dismissal when a step dismisses, pops or unwinds, else the presentation).
    package var interactive: InteractiveTransitions?
    package var fps: Double
    /// Clock seconds to run; nil: until the transitions end (at most `timeLimit`).
    package var seconds: Double?
    /// Whether `play` stops where an interactive transition waits for input no step gives (the
    /// live preview, whose drags give it), instead of playing on until the watchdog cancels it.
    package var stopsWhenWaitingForInput = false
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
        segue: String? = nil, tap: String? = nil, interactive: InteractiveTransitions? = nil, fps: Double = 60, seconds: Double? = nil,
        limits: ScrimHost.Limits = .init()
    ) {
        self.interactive = interactive
        (self.plugin, self.pluginDirectories, self.scene, self.style) = (plugin, pluginDirectories, scene, style)
        (self.animator, self.interaction, self.dismiss, self.push) = (animator, interaction, dismiss, push)
        (self.segue, self.tap, self.fps, self.seconds, self.limits) = (segue, tap, fps, seconds, limits)
    }

    /// Plays `scenario`: its plugin, scene, style, animator and `interactive` where this playback
    /// has none of its own (the command line's options win over the file's).
    package mutating func use(_ scenario: Scenario) {
        self.scenario = scenario
        plugin = plugin ?? scenario.plugin
        scene = scene ?? scenario.scene
        style = style ?? scenario.style
        animator = animator ?? scenario.animator
        interactive = interactive ?? scenario.interactive
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
        try run.run(until: seconds ?? Self.timeLimit, stoppingWhenDone: seconds == nil, stoppingWhenWaiting: stopsWhenWaitingForInput)
        return run.result
    }

    /// Builds the scene, makes the delegate and returns the run of the scenario before its first
    /// tick: `PlaybackRun.run` plays it (its first steps start on that first call, at time 0).
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
        let scenario = try self.playedScenario()
        var description = try loadScene()
        if let device { (description.windowSize, description.horizontalSizeClass) = (device.size, device.horizontalSizeClass) }
        let built = description.build()
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
        let storyboard: SceneStoryboard
        do {
            try description.applyDelegates(to: built, using: host)
            // The scene's view controllers keep their storyboard (segues, controllers).
            storyboard = try SceneStoryboard(scene: description, built: built, host: host)
        } catch {
            throw .cannotPlay("\(sceneLabel)\(error)")
        }
        let info = try Self.loaded(pluginURL, in: host)
        var options: RoleOptions = [:]
        if scene == nil { options["originFrame"] = .rect(DemoScene.cardFrames[0]) }
        if let trigger = Self.originView(of: scenario, in: built), let view = host.window.descendant(withID: trigger) {
            options["originFrame"] = .rect(view.convert(view.bounds, to: nil))
        }
        options.merge(scenario.options) { _, given in given }
        let delegate = try makeDelegate(plugin: info, host: host, options: options, scenario: scenario)
        let stage = PlaybackStage(
            host: host, built: built, storyboard: storyboard, delegate: delegate, roles: Set(info.roles), style: style ?? scenario.style,
            sceneLabel: sceneLabel)
        let interactiveInput = interaction == .percentSweep || interaction == .finish ? interaction : nil
        let run = PlaybackRun(scenario: scenario, stage: stage, interactiveInput: interactiveInput, fps: fps, onEvent: onEvent)
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
                run?.report(.ended(time: host.now, transition: transition, completed: completed))
            case .trace, .diagnostic:
                break
            }
        }
        host.onFrame { [unowned host] time in onFrame(time, host.window) }
        onFrame(host.now, host.window)
        return run
    }

    /// The scenario played: the one given, else the one the options make — present (or push,
    /// or the segue, or the tap), then with `dismiss` dismiss (or pop), and the interaction
    /// file's events at their clock times.
    package func playedScenario() throws(PlaybackError) -> Scenario {
        if let scenario { return scenario }
        var steps: [Scenario.Step] = []
        if let segue {
            if let tap {
                steps.append(.init(action: .tap(.view(tap), segue: segue), place: "--tap \(tap)"))
            } else {
                steps.append(.init(action: .segue(segue, source: nil), place: "--segue \(segue)"))
            }
        } else if push {
            steps.append(.init(action: .push(nil, on: nil), place: "--push"))
            if dismiss { steps.append(.init(action: .pop(nil), place: "pop")) }
        } else {
            steps.append(.init(action: .present(nil, presenter: nil, style: nil), place: "present"))
            if dismiss { steps.append(.init(action: .dismiss(nil), place: "dismiss")) }
        }
        if let (script, name) = try interactionScript() {
            for (index, event) in script.events.enumerated() {
                steps.append(.init(start: .clock(event.time), action: .input(event.action), place: "--interaction \(name)[\(index)]", eventIndex: index))
            }
        }
        return Scenario(steps: steps)
    }

    /// The view whose frame the roles get as `originFrame`: the trigger of the scenario's first
    /// segue, or the view its first tap is on.
    @MainActor
    private static func originView(of scenario: Scenario, in built: BuiltScene) -> String? {
        for step in scenario.steps {
            switch step.action {
            case .segue(let identifier, _), .tap(_, .some(let identifier)):
                let template = built.order.lazy.compactMap { built.viewControllers[$0]?.segueTemplates.first { $0.identifier == identifier } }.first
                if let trigger = template?.trigger { return trigger }
                if case .tap(.view(let id), _) = step.action { return id }
            case .tap(.view(let id), nil):
                return id
            default:
                continue
            }
        }
        return nil
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
        case nil, .percentSweep, .finish: return nil
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
    /// animator, interaction and presentation controller it plays (its interaction driving the
    /// transitions `interactive` says). Nil for a plugin that plays none of those (a segue
    /// plugin) when the scenario only runs segues and taps.
    @MainActor
    private func makeDelegate(
        plugin info: PluginInfo, host: ScrimHost, options: RoleOptions, scenario: Scenario
    ) throws(PlaybackError) -> (any TransitioningDelegate)? {
        let roles = Set(info.roles)
        if roles.contains(.interaction), !roles.contains(.animator), !roles.contains(.delegate), animator == nil {
            throw .invalidOptions(
                "\(info.name) plays the interaction role only: an interaction drives an animator; name one with --animator (e.g. --animator diagonal)")
        }
        let isDelegatePlugin = roles.contains(.delegate) && animator == nil
        if interactive != nil, isDelegatePlugin || !roles.contains(.interaction) {
            throw .invalidOptions(
                "--interactive says which transitions a plugin's interaction drives: \(info.name) "
                    + (isDelegatePlugin ? "is a delegate, which vends its interactions itself" : "plays no interaction role"))
        }
        let onlySegues = scenario.steps.allSatisfy {
            switch $0.action {
            case .segue, .unwind, .tap, .input, .wait, .size: true
            default: false
            }
        }
        if onlySegues, animator == nil, roles.isDisjoint(with: [.animator, .interaction, .presentation, .delegate]) { return nil }
        let undoes = scenario.steps.contains(where: \.undoesPrevious)
        do {
            if isDelegatePlugin {
                return try host.delegate(named: info.name, options: options)
            }
            return try host.delegate(
                animator: animator ?? (roles.contains(.animator) ? info.name : nil),
                interaction: roles.contains(.interaction) ? info.name : nil,
                presentation: roles.contains(.presentation) ? info.name : nil,
                interactive: interactive ?? (undoes ? .dismissal : .presentation), options: options)
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

    /// The `scene` file (a `.lua` one evaluated by a host of its own), else the demo scene.
    @MainActor
    package func loadScene() throws(PlaybackError) -> SceneDescription {
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
