import Foundation
import ScrimCore
internal import ScrimLua

/// Scrim for embedding: a window with a root view controller, the animation engine and
/// its clock, the roles it can vend by name, and what it reports — frames, transitions, faults.
///
/// ```swift
/// let host = try ScrimHost(clock: .manual(frameRate: 60))
/// host.register(animator: "slideUp") { options in SlideUpAnimator(options: options) }
/// let details = ViewController(id: "details")
/// details.modalPresentationStyle = .custom
/// details.transitioningDelegate = try host.delegate(animator: "slideUp")
/// try host.rootViewController.present(details, animated: true)
/// host.advance(by: 1)
/// ```
///
/// Everything runs on the main actor. Swift roles are registered with `register(…)`; the Lua
/// plugins of the plugin directories play roles under their names, and the two mix freely.
@MainActor
public final class ScrimHost {
    /// How time advances.
    public enum Clock: Sendable, Hashable {
        /// Only `advance(by:)` moves time, in whole frames: deterministic.
        case manual(frameRate: Double = 60)
        /// A `DisplayLink` ticking in real time once `start()` is called.
        case realTime(frameRate: Double = 60)
    }

    /// The window; a new one after `replaceWindow` (a live preview's next play).
    public private(set) var window: Window
    public private(set) var engine: AnimationEngine
    public private(set) var clock: any FrameClock
    /// What the real-time clocks read their time from and sleep on.
    private let realTimeSource: RealTimeSource
    private let registry = RoleRegistry()
    private let library: PluginLibrary
    private let logObservers = ObserverList<PluginLogLine>()
    private let reloadObservers = ObserverList<PluginReload>()
    private var watcher: PluginWatcher?
    private let pluginDirectories: [String]
    private let diagnosticObservers = ObserverList<HostDiagnostic>()

    /// A host whose plugins are the `.lua` files of `plugins`.
    public convenience init(
        plugins: URL, clock: Clock = .manual(), windowSize: Size = Window.defaultSize,
        rootViewController: ViewController? = nil, limits: Limits = .init()
    ) throws(HostError) {
        try self.init(
            pluginDirectories: [plugins], clock: clock, windowSize: windowSize, rootViewController: rootViewController,
            limits: limits)
    }

    /// - Parameters:
    ///   - pluginDirectories: where the Lua plugins are (their `.lua` files are loaded now).
    ///   - clock: manual (default, 60 fps) or real time.
    ///   - windowSize: the window's size (default 390×844).
    ///   - rootViewController: the window's root (default: an empty one with id `root`).
    ///   - limits: the instruction budget and memory cap of the plugins' Lua state.
    /// - Throws: `HostError.invalidFrameRate`, `.luaUnavailable`.
    public convenience init(
        pluginDirectories: [URL] = [], clock: Clock = .manual(), windowSize: Size = Window.defaultSize,
        rootViewController: ViewController? = nil, limits: Limits = .init()
    ) throws(HostError) {
        try self.init(
            pluginDirectories: pluginDirectories, clock: clock, windowSize: windowSize,
            rootViewController: rootViewController, limits: limits, realTimeSource: .system)
    }

    /// A host whose real-time clocks read their time from `realTimeSource` and sleep on it (a
    /// test's, moved by hand); otherwise as `init(pluginDirectories:clock:windowSize:rootViewController:limits:)`.
    package init(
        pluginDirectories: [URL] = [], clock: Clock = .manual(), windowSize: Size = Window.defaultSize,
        rootViewController: ViewController? = nil, limits: Limits = .init(), realTimeSource: RealTimeSource
    ) throws(HostError) {
        self.realTimeSource = realTimeSource
        switch clock {
        case .manual(let frameRate):
            do { self.clock = try ManualClock(frameRate: frameRate) } catch { throw .invalidFrameRate(frameRate) }
        case .realTime(let frameRate):
            do { self.clock = try DisplayLink(frameRate: frameRate, source: realTimeSource) } catch {
                throw .invalidFrameRate(frameRate)
            }
        }
        do {
            library = try PluginLibrary(directories: pluginDirectories.map(\.path), limits: limits)
        } catch {
            throw .luaUnavailable(error.message)
        }
        registry.library = library
        library.resolver = registry
        self.pluginDirectories = pluginDirectories.map(\.path)
        engine = AnimationEngine(clock: self.clock)
        window = Window(size: windowSize, engine: engine)
        window.rootViewController = rootViewController ?? ViewController(id: "root")
        observeFaults(of: window)
        library.onDiagnostics = { [weak self] path, list in self?.report(.script(path: path, diagnostics: list)) }
        library.onLog = { [logObservers] plugin, line, text in
            logObservers.notify(PluginLogLine(plugin: plugin, line: line, text: text))
        }
        library.loadAll()
    }

    /// Reports the window's contained faults as diagnostics, each also on its plugin's file.
    private func observeFaults(of window: Window) {
        window.addTransitionObserver { [weak self] event in
            guard let self, case .diagnostic(let diagnostic) = event else { return }
            self.report(.transition(diagnostic))
            // A plugin's contract fault also lands on its file (Docs/HotReload.md).
            self.library.reportContractFault(
                plugin: diagnostic.object, method: diagnostic.method, message: diagnostic.message)
        }
    }

    /// A new window of `size` (forced to `horizontalSizeClass` if given, before the root is laid
    /// out in it) with `rootViewController`, on a new engine whose manual clock runs
    /// at `frameRate` from 0: a new play on the same plugins, none compiled again (the live
    /// preview's). What the old window held — its views, transitions, animations and the
    /// observers of its transitions and frames — goes with it; the plugins' runtime faults are
    /// taken off their files.
    ///
    /// - Throws: `HostError.invalidFrameRate` (then nothing changed).
    package func replaceWindow(
        size: Size, horizontalSizeClass: UserInterfaceSizeClass? = nil, rootViewController: ViewController, frameRate: Double
    ) throws(HostError) {
        let manual: ManualClock
        do { manual = try ManualClock(frameRate: frameRate) } catch { throw .invalidFrameRate(frameRate) }
        (clock as? DisplayLink)?.stop()
        clock = manual
        engine = AnimationEngine(clock: manual)
        window = Window(size: size, engine: engine)
        window.forcedHorizontalSizeClass = horizontalSizeClass
        window.rootViewController = rootViewController
        observeFaults(of: window)
        library.clearRuntimeDiagnostics()
    }

    /// How many plugin texts the host's Lua state has compiled (loads, reloads, checks).
    package var compiledFileCount: Int { library.compileCount }

    // MARK: Plugins

    /// The plugins loaded now.
    public var plugins: [PluginInfo] {
        library.plugins.values.sorted { $0.name < $1.name }.map { plugin in
            PluginInfo(
                name: plugin.name, path: plugin.path, roles: plugin.roles.sorted { $0.rawValue < $1.rawValue },
                generation: plugin.generation, diagnostics: library.diagnostics[plugin.path] ?? [])
        }
    }

    /// Bytes the plugins' Lua state holds now (its allocator's count).
    public var luaMemoryInUse: Int { library.runtime.state.memoryInUse }

    /// What the plugins' Lua state holds, after a full garbage collection: for soak runs and leak
    /// checks (each figure stays flat while a host does the same work over and over).
    public func runtimeStatistics() -> LuaRuntimeStatistics {
        let runtime = library.runtime
        runtime.state.collectGarbage()
        runtime.hostObjects.sweep()
        return LuaRuntimeStatistics(
            luaBytes: runtime.state.memoryInUse, registryReferences: runtime.state.liveReferences,
            handles: runtime.liveHandleCount, swiftFunctions: runtime.liveFunctionCount,
            hostObjects: runtime.hostObjects.liveCount)
    }

    /// The diagnostics of every plugin file the host knows (including files that failed to load).
    public var scriptDiagnostics: [String: [ScriptDiagnostic]] { library.diagnostics }

    /// The plugin files of the plugin directories that no loaded plugin comes from (files that
    /// have failed to load since they appeared), sorted.
    public var unloadedPluginFiles: [String] {
        let loaded = Set(library.plugins.values.map(\.path))
        return library.pluginFiles().filter { !loaded.contains($0) }.sorted()
    }

    /// The name a plugin file answers to until it loads (and says otherwise): its file name.
    public static func defaultPluginName(ofFile path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// Reloads one plugin (by name; a file that never loaded by its file name) or all of them,
    /// then the files refused a name that is free now; returns the names that loaded.
    @discardableResult
    public func reload(_ name: String? = nil) -> [String] {
        let paths = name.map { name in
            library.plugins[name].map { [$0.path] }
                ?? unloadedPluginFiles.filter { Self.defaultPluginName(ofFile: $0) == name }
        } ?? library.pluginFiles()
        let loaded = paths.compactMap { library.load(path: $0) } + library.loadFilesWaitingForFreedNames()
        for name in loaded { notifyReload(of: name) }
        return loaded
    }

    private func notifyReload(of name: String) {
        guard let plugin = library.plugins[name] else { return }
        reloadObservers.notify(PluginReload(plugin: name, generation: plugin.generation))
    }

    /// The diagnostics `text` would get as the plugin file at `path` (compiled, its top level run
    /// in the sandbox, its roles checked) without loading it: the active plugins stay as they are.
    /// What an editor's unsaved buffer is checked with.
    public func check(_ text: String, path: String) -> [ScriptDiagnostic] { library.check(text, path: path) }

    /// Runs the Lua file at `path` in the sandbox (budget and memory cap included) and returns
    /// the table it returns as Swift values: how a scene written in Lua is read.
    ///
    /// - Throws: the file's diagnostic (syntax or runtime error, no table returned), or a
    ///   diagnostic saying the file cannot be read.
    public func evaluateLuaData(at path: String) throws(ScriptDiagnostic) -> OptionValue {
        let data: Data
        do {
            data = try FileContents.read(atPath: path)
        } catch {
            throw ScriptDiagnostic(
                path: path, range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)),
                message: "cannot read the file: \(error)")
        }
        guard data.first != 0x1B else {
            throw ScriptDiagnostic(
                path: path, range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)),
                message: "precompiled Lua bytecode is refused")
        }
        return try library.evaluateData(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Whether the file at `path` is a plugin file by its name, wherever it is: a `.lua` file, not
    /// a type declaration (`*.d.lua`), not hidden (a name starting with `.`).
    nonisolated public static func isPluginFileName(_ path: String) -> Bool { PluginFile.isPluginFile(path: path) }

    /// Whether `path` is a plugin file of one of the host's plugin directories.
    public func isPluginFile(_ path: String) -> Bool {
        let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        return Self.isPluginFileName(path)
            && pluginDirectories.contains { URL(fileURLWithPath: $0).standardizedFileURL.path == directory }
    }

    /// Lets plugins `require` the files of `directory` as well as those of the plugin
    /// directories, without loading them as plugins: how `scrim check` and `scrim run` put a
    /// checked file's own directory on the require path.
    public func addRequireDirectory(_ directory: URL) {
        library.addRequireDirectory(directory.standardizedFileURL.path)
    }

    /// Loads (or reloads) the plugin file at `path`, even if its text did not change; returns its
    /// name if it loaded. Reload observers are not told (see `reloadIfChanged(pluginAt:)`). A
    /// plugin of another file that had the name is unloaded (its diagnostics say which file took it).
    @discardableResult
    public func load(pluginAt path: String) -> String? {
        defer { _ = library.loadFilesWaitingForFreedNames() }
        return library.load(path: path, takingItsName: true)
    }

    /// Reloads the plugin file at `path` if its text changed since it was last loaded or tried
    /// (it appeared or was deleted too): what the watcher does for each file it sees change, and
    /// what an editor's save should call. However many of them report the same save, the plugin
    /// reloads once and reload observers hear it once. Returns the plugin's name if it reloaded.
    /// A file that was refused the name this file's plugin had (deleted, or now named otherwise)
    /// loads too, and reload observers hear it.
    @discardableResult
    public func reloadIfChanged(pluginAt path: String) -> String? {
        let name: String? = if case .loaded(let name) = library.reloadIfChanged(path: path) { name } else { nil }
        // A deletion or a new name frees a name: the files refused it load now.
        let loaded = (name.map { [$0] } ?? []) + library.loadFilesWaitingForFreedNames()
        for plugin in loaded { notifyReload(of: plugin) }
        return name
    }

    /// Turns hot reload on or off: while on, a plugin file that is created, changed,
    /// renamed into place or deleted is reloaded once its writes have been quiet, if its text
    /// changed. A failed reload keeps the old version (and publishes a diagnostic). Running
    /// transitions finish with the instances they started with.
    public func watch(_ enabled: Bool) {
        watch(enabled, pollingOnly: false)
    }

    /// `watch(_:)`, polling even where inotify works when `pollingOnly` (to test the fallback).
    package func watch(_ enabled: Bool, pollingOnly: Bool) {
        if enabled {
            guard watcher == nil else { return }
            let watcher = PluginWatcher(directories: pluginDirectories, pollingOnly: pollingOnly) { [weak self] paths in
                self?.reloadFiles(paths)
            }
            watcher.start()
            self.watcher = watcher
        } else {
            watcher?.stop()
            watcher = nil
        }
    }

    /// Whether hot reload is on.
    public var isWatching: Bool { watcher != nil }

    /// The token of the watcher's running source (inotify or polling), or nil when not watching.
    package var watcherSourceToken: Int? { watcher?.sourceToken }

    /// Hears every successful (re)load of a plugin: its name and new generation.
    @discardableResult
    public func onReload(_ body: @escaping (PluginReload) -> Void) -> Observation {
        reloadObservers.add(body)
    }

    private func reloadFiles(_ paths: [String]) {
        for path in paths { reloadIfChanged(pluginAt: path) }
    }

    /// Hears what plugins print (`print`, `scrim.log`): the plugin's name, the line, the text.
    @discardableResult
    public func onLog(_ body: @escaping (PluginLogLine) -> Void) -> Observation {
        logObservers.add(body)
    }

    /// The window's root view controller.
    public var rootViewController: ViewController { window.rootViewController! }

    /// The clock's time.
    public var now: Double { clock.now }

    /// Whether time advances only through `advance(by:)`.
    public var isManual: Bool { clock is ManualClock }

    // MARK: Time

    /// Advances the manual clock by `seconds`, ticking every frame on the way (the last one
    /// exactly at the new time). Calling it with a real-time clock, or with a negative or
    /// non-finite number, is a programmer error: it traps (a server checks its input first).
    public func advance(by seconds: Double) {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("advance(by:) needs the manual clock; this host runs in real time")
        }
        do {
            try manual.advance(by: seconds)
        } catch {
            preconditionFailure("advance(by:): \(error)")
        }
    }

    /// Switches the clock between manual and real time; time goes on from where it is, and
    /// running animations and transitions carry on. A new real-time clock starts ticking at once
    /// (the old one, if any, stops).
    ///
    /// - Throws: `HostError.invalidFrameRate` (then nothing changed).
    public func setClock(_ newClock: Clock) throws(HostError) {
        let replacement: any FrameClock
        switch newClock {
        case .manual(let frameRate):
            do { replacement = try ManualClock(frameRate: frameRate, startingAt: engine.now) } catch {
                throw .invalidFrameRate(frameRate)
            }
        case .realTime(let frameRate):
            do { replacement = try DisplayLink(frameRate: frameRate, startingAt: engine.now, source: realTimeSource) } catch {
                throw .invalidFrameRate(frameRate)
            }
        }
        (clock as? DisplayLink)?.stop()
        engine.replaceClock(with: replacement)
        clock = replacement
        (replacement as? DisplayLink)?.start()
    }

    /// Starts a real-time clock (no effect on the manual one).
    public func start() { (clock as? DisplayLink)?.start() }

    /// Stops a real-time clock.
    public func stop() { (clock as? DisplayLink)?.stop() }

    // MARK: Observers

    /// Runs `body` at every tick, after animations advanced and completions ran, with the time
    /// (the observer belongs to the current engine: `replaceWindow` drops it).
    @discardableResult
    public func onFrame(_ body: @escaping (Double) -> Void) -> Observation {
        let token = engine.addFrameObserver(body)
        return Observation { [weak engine] in engine?.removeObserver(token) }
    }

    /// Hears about every transition in the window: its beginning, each step (the trace), faults
    /// and its end (the observer belongs to the current window: `replaceWindow` drops it).
    @discardableResult
    public func onTransition(_ body: @escaping (TransitionEvent) -> Void) -> Observation {
        let token = window.addTransitionObserver(body)
        return Observation { [weak window] in window?.removeTransitionObserver(token) }
    }

    /// Hears every diagnostic: faults contained during transitions (and, with the Lua host,
    /// script errors).
    @discardableResult
    public func onDiagnostics(_ body: @escaping (HostDiagnostic) -> Void) -> Observation {
        diagnosticObservers.add(body)
    }

    func report(_ diagnostic: HostDiagnostic) {
        diagnosticObservers.notify(diagnostic)
    }

    // MARK: Roles

    /// Makes `name` an animator the host can vend; `make` builds a new instance for each use.
    public func register(animator name: String, _ make: @escaping (RoleOptions) throws -> any AnimatedTransitioning) {
        registry.register(.animator, name) { try make($0.options) }
    }

    /// Makes `name` an interaction controller (`percent` is built in: a plain
    /// `PercentDrivenInteractiveTransition`).
    public func register(
        interaction name: String, _ make: @escaping (RoleOptions) throws -> any InteractiveTransitioning
    ) {
        registry.register(.interaction, name) { try make($0.options) }
    }

    /// Makes `name` a presentation controller, built with the presented and presenting view
    /// controllers.
    public func register(
        presentation name: String,
        _ make: @escaping (RoleOptions, ViewController, ViewController?) throws -> PresentationController
    ) {
        registry.register(.presentation, name) { try make($0.options, $0.presentedViewController, $0.presenting) }
    }

    /// Makes `name` a whole transitioning delegate.
    public func register(delegate name: String, _ make: @escaping (RoleOptions) throws -> any TransitioningDelegate) {
        registry.register(.delegate, name) { try make($0.options) }
    }

    /// The names registered for a kind of role, sorted.
    public func roleNames(_ kind: RoleKind) -> [String] { registry.names(of: kind).sorted() }

    /// A transitioning delegate that vends the named roles — a new instance of each for every
    /// transition, made with `options`. Set it as a view controller's `transitioningDelegate`.
    /// The interaction drives the transitions in `interactive` (both by default); for the others
    /// it answers nil, and they run on their own.
    ///
    /// - Throws: why a name cannot be made — `HostError.unknownRole`, `.pluginFailedToLoad`,
    ///   `.notARole` — or `.emptyDelegate` when no name is given.
    public func delegate(
        animator: String? = nil, interaction: String? = nil, presentation: String? = nil, interactive: InteractiveTransitions = .both,
        options: RoleOptions = [:]
    ) throws(HostError) -> any TransitioningDelegate {
        guard animator != nil || interaction != nil || presentation != nil else { throw .emptyDelegate }
        if let animator { _ = try registry.maker(.animator, named: animator) }
        if let interaction { _ = try registry.maker(.interaction, named: interaction) }
        if let presentation { _ = try registry.maker(.presentation, named: presentation) }
        return RoleDelegate(
            registry: registry, animator: animator, interaction: interaction, presentation: presentation, interactive: interactive,
            options: options)
    }

    /// A new instance of the delegate registered as `name`.
    ///
    /// - Throws: why it cannot be made — `HostError.unknownRole`, `.pluginFailedToLoad`,
    ///   `.notARole`, `.constructorFailed`, `.constructorBadResult` — or what a Swift factory threw.
    public func delegate(named name: String, options: RoleOptions = [:]) throws -> any TransitioningDelegate {
        try registry.maker(.delegate, named: name).make(RoleRequest(options: options))
    }

    /// A new segue of the plugin `name`, which plays the segue role: its `perform(segue)` shows the
    /// destination. Register it with a storyboard as a segue class:
    /// `storyboard.register(segueClass: "zoom") { try host.segue(named: "zoom", identifier: $0, source: $1, destination: $2) }`.
    ///
    /// - Throws: why it cannot be made — `HostError.unknownRole`, `.pluginFailedToLoad`,
    ///   `.notARole`, `.constructorFailed`, `.constructorBadResult`.
    public func segue(
        named name: String, options: RoleOptions = [:], identifier: String?, source: ViewController, destination: ViewController
    ) throws(HostError) -> StoryboardSegue {
        let (library, plugin) = try registry.plugin(.segue, named: name)
        return try RoleRegistry.constructing(.segue, name) {
            try library.makeSegue(plugin, options: options, identifier: identifier, source: source, destination: destination)
        }
    }

    /// Gives `viewController` the behaviour of the controller plugin `name` (a new instance, made
    /// with `options`): its appearance callbacks, segue methods and unwind actions run with the
    /// view controller's.
    ///
    /// - Throws: why it cannot be made — `HostError.unknownRole`, `.pluginFailedToLoad`,
    ///   `.notARole`, `.constructorFailed`, `.constructorBadResult`.
    public func attachController(named name: String, options: RoleOptions = [:], to viewController: ViewController) throws(HostError) {
        let (library, plugin) = try registry.plugin(.controller, named: name)
        try RoleRegistry.constructing(.controller, name) { try library.attachController(plugin, options: options, to: viewController) }
    }
}
