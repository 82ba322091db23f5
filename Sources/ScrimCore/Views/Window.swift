/// The root of a view hierarchy, as `UIWindow`: a view with a root view controller, a trait
/// collection and the animation engine that animates everything inside it. It runs the
/// transitions of the view controllers in it (one at a time) and its own size changes.
@MainActor
public final class Window: View {
    /// The engine (and through it the clock) that animates the views in this window.
    public let engine: AnimationEngine

    /// The view controller whose view fills the window. Setting it makes it appear; the old root
    /// disappears, and every presentation over it leaves the window at once.
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            // The old root's presentations go with it (UIKit would keep them on screen above the
            // new root; here a new root is a new scene).
            runnerStorage?.dropPresentations()
            if let old = oldValue {
                if old.view.superview === self { old.view.removeFromSuperview() }
                old.beginAppearanceTransition(false, animated: false)
                old.endAppearanceTransition(animated: false)
            }
            if let root = rootViewController {
                root.view.frame = bounds
                insertSubview(root.view, at: 0)
                root.layoutContent()
                root.beginAppearanceTransition(true, animated: false)
                root.endAppearanceTransition(animated: false)
            }
        }
    }

    /// A size class forced by the host (`nil`: derived from the width).
    public var forcedHorizontalSizeClass: UserInterfaceSizeClass?

    /// `horizontalSizeClass` is `.compact` below 600 points wide, else `.regular`, unless forced.
    public var traitCollection: TraitCollection {
        if let forced = forcedHorizontalSizeClass { return TraitCollection(horizontalSizeClass: forced) }
        return .forWidth(bounds.width)
    }

    /// The default window size: an iPhone's 390×844 points.
    nonisolated public static let defaultSize = Size(width: 390, height: 844)

    /// A window of `size` on `engine`. A size that is not finite (NaN or infinite) is ignored: the
    /// window gets `defaultSize`, so a window never holds a non-finite value. (`setSize(_:)` throws
    /// for such a size instead.)
    public init(id: String = "window", size: Size = Window.defaultSize, engine: AnimationEngine) {
        self.engine = engine
        idCounts = [id: 1]
        super.init(id: id, frame: Rect(origin: .zero, size: size.isFinite ? size : Window.defaultSize))
    }

    // MARK: Ids

    /// How many views in the window carry each id, kept as views join and leave, so checking an
    /// id costs one look-up instead of a walk over the window.
    private var idCounts: [String: Int]

    /// How many views in the window (the window included) have `id`: 0 or 1 while ids are
    /// unique, as the Lua bridge and scenes keep them.
    public func viewCount(withID id: String) -> Int { idCounts[id] ?? 0 }

    /// `subtree` was added to the window.
    func viewsJoined(_ subtree: View) {
        subtree.forEachInSubtree { idCounts[$0.id, default: 0] += 1 }
    }

    /// `subtree` is leaving the window.
    func viewsLeft(_ subtree: View) {
        subtree.forEachInSubtree { view in
            let remaining = (idCounts[view.id] ?? 1) - 1
            idCounts[view.id] = remaining > 0 ? remaining : nil
        }
    }

    // MARK: Transitions

    private var runnerStorage: TransitionRunner?
    /// Whether a pan is in progress: from its `began`, whether or not a recognizer took it, to its
    /// `ended` or `cancelled`.
    var isPanInProgress = false
    /// The recognizer receiving the pan in progress (nil when none took its `began`).
    var activePan: PanGestureRecognizer?

    /// Hears the taps that reach a view (`sendTap(at:)`: not those a popover takes): each is asked
    /// in order with the view hit and the location, and the first that returns true handles the
    /// tap (the hook for taps that trigger segues).
    package var tapHandlers: [(_ view: View, _ location: Point) -> Bool] = []

    /// Runs this window's transitions (created on first use).
    var transitionRunner: TransitionRunner {
        if let runnerStorage { return runnerStorage }
        let runner = TransitionRunner(window: self)
        runnerStorage = runner
        return runner
    }

    /// The contexts of the transitions running or queued in this window (a queued one has no
    /// context yet and is not listed).
    public var transitionContexts: [TransitionContext] {
        runnerStorage?.transitions.compactMap(\.context) ?? []
    }

    /// Whether a transition is running or queued.
    public var isTransitioning: Bool { runnerStorage?.isBusy ?? false }

    /// The transitions running or queued in this window, the running one first. A `present` or
    /// `dismiss` that did not throw queued the last one.
    public var transitionStatuses: [TransitionStatus] {
        (runnerStorage?.transitions ?? []).map { transition in
            let context = transition.context
            return TransitionStatus(
                id: transition.id, kind: transition.kind, hasBegun: context != nil,
                isInteractive: context?.isInteractive ?? false, percentComplete: context?.percentComplete ?? 0)
        }
    }

    /// Hears about every transition in this window: its beginning, each step of the transition
    /// sequence (the trace), contained faults and its end. Returns a token for
    /// `removeTransitionObserver`.
    @discardableResult
    public func addTransitionObserver(_ body: @escaping (TransitionEvent) -> Void) -> Int {
        transitionRunner.addObserver(body)
    }

    public func removeTransitionObserver(_ token: Int) {
        runnerStorage?.removeObserver(token)
    }

    /// The presentations shown in this window (and one being presented), in the order they
    /// began.
    var presentations: [Presentation] { runnerStorage?.presentations ?? [] }

    // MARK: Size changes

    /// Changes the window's size: view controllers and presentation controllers hear
    /// `viewWillTransition(to:with:)` with a coordinator; then the root view, every presentation's
    /// container and presented view are laid out again in a 0.3 s ease-in-out animation that the
    /// coordinator's alongside animations share. A presentation is never dismissed by a size
    /// change; built-in sheets take their frame for the new size class.
    public func setSize(_ size: Size) throws(WindowError) {
        guard size.isFinite, size.width > 0, size.height > 0 else { throw .invalidSize(size) }
        let previousTraits = traitCollection
        let coordinator = TransitionCoordinator(sizeChangeIn: self)
        let records = presentations
        rootViewController?.viewWillTransition(to: size, with: coordinator)
        for record in records {
            record.presented.viewWillTransition(to: size, with: coordinator)
            report { try record.controller.viewWillTransition(to: size, with: coordinator) }
        }
        View.performWithoutAnimation { frame = Rect(origin: .zero, size: size) }
        if traitCollection != previousTraits {
            for record in records { report { try record.controller.traitCollectionDidChange(previousTraits) } }
            readaptPopovers(records, coordinator: coordinator)
        }
        do {
            try View.animate(
                withDuration: TransitionCoordinator.sizeChangeDuration, options: .curveEaseInOut,
                animations: {
                    rootViewController?.view.frame = bounds
                    rootViewController?.layoutContent()
                    for record in records {
                        record.container.frame = PresentationStyleRules.containerFrame(
                            style: record.style, presenting: record.presenting, in: self,
                            placement: record.presenterPlacement)
                        let frame = record.controller.frameOfPresentedViewInContainerView
                        if frame.isFinite {
                            record.presentedView.frame = frame
                            (record.controller.adaptiveViewController ?? record.presented).layoutContent()
                            (record.controller as? PopoverPresentationController)?.layoutBackground()
                        } else {
                            report(record.controller, "frameOfPresentedViewInContainerView returned \(frame), which is not finite")
                        }
                    }
                },
                completion: { _ in coordinator.finish() })
        } catch {
            runnerStorage?.diagnose(role: .host, object: id, message: "the size animation failed: \(error)")
        }
        coordinator.start()
    }

    private func report(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            transitionRunner.diagnose(role: .presentationController, object: "size change", message: "threw: \(error)")
        }
    }

    private func report(_ controller: PresentationController, _ message: String) {
        transitionRunner.diagnose(role: .presentationController, object: roleName(of: controller), message: message)
    }
}
