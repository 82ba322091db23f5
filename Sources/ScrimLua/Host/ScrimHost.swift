import ScrimCore

/// Scrim for embedding (SPEC §5): a window with a root view controller, the animation engine and
/// its clock, the roles it can vend by name, and what it reports — frames, transitions, faults.
///
/// ```swift
/// let host = try ScrimHost(clock: .manual(frameRate: 60))
/// host.register(animator: "slide") { options in SlideAnimator(options) }
/// let details = ViewController(id: "details")
/// details.modalPresentationStyle = .custom
/// details.transitioningDelegate = try host.delegate(animator: "slide")
/// try host.rootViewController.present(details, animated: true)
/// host.advance(by: 1)
/// ```
///
/// Everything runs on the main actor. Swift roles are registered with `register(…)`; the Lua
/// plugin host (next) adds plugins to the same names.
@MainActor
public final class ScrimHost {
    /// How time advances.
    public enum Clock: Sendable, Hashable {
        /// Only `advance(by:)` moves time, in whole frames: deterministic.
        case manual(frameRate: Double = 60)
        /// A `DisplayLink` ticking in real time once `start()` is called.
        case realTime(frameRate: Double = 60)
    }

    public let window: Window
    public let engine: AnimationEngine
    public let clock: any FrameClock
    private let registry = RoleRegistry()
    private var diagnosticObservers: [(id: Int, body: (HostDiagnostic) -> Void)] = []
    private var nextObserverID = 1

    /// - Parameters:
    ///   - clock: manual (default, 60 fps) or real time.
    ///   - windowSize: the window's size (default 390×844).
    ///   - rootViewController: the window's root (default: an empty one with id `root`).
    /// - Throws: `HostError.invalidFrameRate`.
    public init(
        clock: Clock = .manual(), windowSize: Size = Window.defaultSize, rootViewController: ViewController? = nil
    ) throws(HostError) {
        switch clock {
        case .manual(let frameRate):
            do { self.clock = try ManualClock(frameRate: frameRate) } catch { throw .invalidFrameRate(frameRate) }
        case .realTime(let frameRate):
            do { self.clock = try DisplayLink(frameRate: frameRate) } catch { throw .invalidFrameRate(frameRate) }
        }
        engine = AnimationEngine(clock: self.clock)
        window = Window(size: windowSize, engine: engine)
        window.rootViewController = rootViewController ?? ViewController(id: "root")
        window.addTransitionObserver { [weak self] event in
            if case .diagnostic(let diagnostic) = event { self?.report(.transition(diagnostic)) }
        }
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

    /// Starts a real-time clock (no effect on the manual one).
    public func start() { (clock as? DisplayLink)?.start() }

    /// Stops a real-time clock.
    public func stop() { (clock as? DisplayLink)?.stop() }

    // MARK: Observers

    /// Runs `body` at every tick, after animations advanced and completions ran, with the time.
    @discardableResult
    public func onFrame(_ body: @escaping (Double) -> Void) -> AnimationEngine.ObserverToken {
        engine.addFrameObserver(body)
    }

    /// Hears about every transition in the window: its beginning, each step (the trace), faults
    /// and its end.
    @discardableResult
    public func onTransition(_ body: @escaping (TransitionEvent) -> Void) -> Int {
        window.addTransitionObserver(body)
    }

    /// Hears every diagnostic: faults contained during transitions (and, with the Lua host,
    /// script errors).
    @discardableResult
    public func onDiagnostics(_ body: @escaping (HostDiagnostic) -> Void) -> Int {
        defer { nextObserverID += 1 }
        diagnosticObservers.append((nextObserverID, body))
        return nextObserverID
    }

    public func removeDiagnosticsObserver(_ token: Int) {
        diagnosticObservers.removeAll { $0.id == token }
    }

    func report(_ diagnostic: HostDiagnostic) {
        for observer in diagnosticObservers { observer.body(diagnostic) }
    }

    // MARK: Roles

    /// Makes `name` an animator the host can vend; `make` builds a new instance for each use.
    public func register(animator name: String, _ make: @escaping (RoleOptions) throws -> any AnimatedTransitioning) {
        registry.register(animator: name, make)
    }

    /// Makes `name` an interaction controller (`percent` is built in: a plain
    /// `PercentDrivenInteractiveTransition`).
    public func register(
        interaction name: String, _ make: @escaping (RoleOptions) throws -> any InteractiveTransitioning
    ) {
        registry.register(interaction: name, make)
    }

    /// Makes `name` a presentation controller, built with the presented and presenting view
    /// controllers.
    public func register(
        presentation name: String,
        _ make: @escaping (RoleOptions, ViewController, ViewController?) throws -> PresentationController
    ) {
        registry.register(presentation: name, make)
    }

    /// Makes `name` a whole transitioning delegate.
    public func register(delegate name: String, _ make: @escaping (RoleOptions) throws -> any TransitioningDelegate) {
        registry.register(delegate: name, make)
    }

    /// The names registered for a kind of role, sorted.
    public func roleNames(_ kind: RoleKind) -> [String] { registry.names(of: kind).sorted() }

    /// A transitioning delegate that vends the named roles — a new instance of each for every
    /// transition, made with `options`. Set it as a view controller's `transitioningDelegate`.
    ///
    /// - Throws: `HostError.unknownRole` for a name that is not registered,
    ///   `.emptyDelegate` when no name is given.
    public func delegate(
        animator: String? = nil, interaction: String? = nil, presentation: String? = nil, options: RoleOptions = [:]
    ) throws(HostError) -> any TransitioningDelegate {
        guard animator != nil || interaction != nil || presentation != nil else { throw .emptyDelegate }
        if let animator, !registry.has(.animator, animator) { throw registry.unknown(.animator, animator) }
        if let interaction, !registry.has(.interaction, interaction) { throw registry.unknown(.interaction, interaction) }
        if let presentation, !registry.has(.presentation, presentation) {
            throw registry.unknown(.presentation, presentation)
        }
        return RoleDelegate(
            registry: registry, animator: animator, interaction: interaction, presentation: presentation,
            options: options)
    }

    /// A new instance of the delegate registered as `name`.
    public func delegate(named name: String, options: RoleOptions = [:]) throws -> any TransitioningDelegate {
        try registry.makeDelegate(name, options: options)
    }
}
