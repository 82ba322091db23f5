/// A window's transitions: queues requests so each begins on the next tick (Docs/Transitions.md,
/// "Presenting and dismissing"), runs one at a time, runs the watchdog at every tick, lays out
/// containers after the animations advanced, and tells the window's observers what happens.
@MainActor
final class TransitionRunner {
    /// The window owns the runner.
    unowned let window: Window
    /// Kept apart from the window so the runner can unregister while the window is going away.
    private let engine: AnimationEngine
    private var queued: [Transition] = []
    /// The transition running now, if any.
    private(set) var active: Transition?
    private var nextID = 1
    private var observers: [(id: Int, body: (TransitionEvent) -> Void)] = []
    private var nextObserverID = 1
    private var engineTokens: [AnimationEngine.ObserverToken] = []

    init(window: Window) {
        self.window = window
        engine = window.engine
        engineTokens = [
            window.engine.addBeginTickHandler { [weak self] now in self?.beginTick(at: now) },
            window.engine.addLayoutHandler { [weak self] now in self?.endTick(at: now) },
        ]
    }

    isolated deinit {
        for token in engineTokens { engine.removeObserver(token) }
        // The window is going away with view controllers still presented: a presented view
        // controller and its presentation controller hold each other (as in UIKit, until the
        // dismissal), so the records let go of them here, without running any role code.
        for record in presentations {
            record.presented.presentation = nil
            record.controller.presentationDidEnd()
        }
        // A transition still running never ends: its view controllers let go of its coordinator,
        // whose context holds them.
        active?.abandon()
    }

    /// Whether a transition is running or queued.
    var isBusy: Bool { active != nil || !queued.isEmpty }

    /// The transitions in flight: the running one, then the queued ones.
    var transitions: [Transition] { (active.map { [$0] } ?? []) + queued }

    // MARK: Requests

    func enqueuePresentation(
        of presented: ViewController, by presenting: ViewController, source: ViewController, animated: Bool,
        completion: ((Bool) -> Void)?
    ) -> TransitionHandle {
        enqueue(
            PresentationPlan(presenting: presenting, presented: presented, source: source, animated: animated),
            completion: completion)
    }

    func enqueueDismissal(
        of chain: [Presentation], to presenting: ViewController, animated: Bool, completion: ((Bool) -> Void)?
    ) -> TransitionHandle {
        enqueue(DismissalPlan(dismissing: chain, to: presenting, animated: animated), completion: completion)
    }

    func enqueueNavigation(_ change: NavigationChange, animated: Bool, completion: ((Bool) -> Void)?) -> TransitionHandle {
        enqueue(NavigationPlan(change, animated: animated), completion: completion)
    }

    func enqueueTabSwitch(_ change: TabSwitch, completion: ((Bool) -> Void)?) -> TransitionHandle {
        enqueue(TabSwitchPlan(change), completion: completion)
    }

    private func enqueue(_ plan: any TransitionPlan, completion: ((Bool) -> Void)?) -> TransitionHandle {
        let transition = Transition(id: makeID(), runner: self, plan: plan, completion: completion)
        queued.append(transition)
        return TransitionHandle(id: transition.id, kind: transition.kind)
    }

    /// The first transition queued from the id `id` on (what a segue's `perform()` queued), or nil.
    func firstQueued(since id: Int) -> TransitionHandle? {
        transitions.first { $0.id >= id }.map { TransitionHandle(id: $0.id, kind: $0.kind) }
    }

    /// The id the next transition queued will have.
    var upcomingID: Int { nextID }

    private func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: The tick

    private func beginTick(at now: Double) {
        guard active == nil, !queued.isEmpty else { return }
        let next = queued.removeFirst()
        active = next
        next.begin()
    }

    /// The watchdog runs last in the tick, after the animations advanced and their completions
    /// ran: a late tick (a stalled clock, a loaded machine) that brings an animation to its end
    /// lets it complete instead of faulting it. Then the containers are laid out.
    private func endTick(at now: Double) {
        active?.tick(at: now)
        layoutContainers()
    }

    /// The transition no longer occupies the window (its last steps may still be running).
    func release(_ transition: Transition) {
        if active === transition { active = nil }
        queued.removeAll { $0 === transition }
    }

    /// The transition's completion handler ran.
    func transitionDidEnd(_ transition: Transition, completed: Bool) {
        release(transition)
        emit(.ended(transition: transition.id, completed: completed))
    }

    // MARK: Presentations

    /// Every presentation shown or being shown in the window, in the order they began.
    private(set) var presentations: [Presentation] = []

    func add(_ presentation: Presentation) { presentations.append(presentation) }

    func remove(_ presentation: Presentation) { presentations.removeAll { $0 === presentation } }

    /// The window's root view controller was replaced: every presentation leaves the window with
    /// the old root, top first, at once (nothing is animated and no delegate is asked; each
    /// presented view controller that was showing disappears).
    func dropPresentations() {
        for record in presentations.reversed() {
            let replacement = record.controller.adaptiveViewController
            record.presentedView.removeFromSuperview()
            record.container.removeFromSuperview()
            record.presented.presentation = nil
            record.presented.ownPresentingViewController = nil
            record.presenting.ownPresentedViewController = nil
            replacement?.ownPresentingViewController = nil
            record.controller.presentationDidEnd()
            for shown in [replacement, record.presented].compactMap({ $0 }) where shown.appearanceState == .appeared {
                shown.beginAppearanceTransition(false, animated: false)
                shown.endAppearanceTransition(animated: false)
            }
        }
        presentations = []
    }

    /// Calls `containerViewWillLayoutSubviews`/`DidLayoutSubviews` of every presentation whose
    /// container was never laid out or changed size since.
    private func layoutContainers() {
        for record in presentations {
            let size = record.container.bounds.size
            guard record.lastLayoutSize != size else { continue }
            record.lastLayoutSize = size
            let controller = record.controller
            do {
                try controller.containerViewWillLayoutSubviews()
                try controller.containerViewDidLayoutSubviews()
            } catch {
                let message = "container layout threw: \(error)"
                // The record of the view controller the running transition presents or dismisses.
                if let transition = active, transition.presented === record.presented {
                    transition.fault(role: .presentationController, object: roleName(of: controller), message: message)
                } else {
                    diagnose(role: .presentationController, object: roleName(of: controller), message: message)
                }
            }
        }
    }

    // MARK: Observers

    func addObserver(_ body: @escaping (TransitionEvent) -> Void) -> Int {
        defer { nextObserverID += 1 }
        observers.append((nextObserverID, body))
        return nextObserverID
    }

    func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    func emit(_ event: TransitionEvent) {
        for observer in observers { observer.body(event) }
    }

    /// Reports a fault outside any transition.
    func diagnose(role: TransitionRole, object: String, message: String) {
        emit(.diagnostic(TransitionDiagnostic(transition: nil, role: role, object: object, message: message)))
    }
}
