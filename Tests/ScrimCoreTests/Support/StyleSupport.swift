import Testing
@testable import ScrimCore
import ScrimTestSupport

/// One frame of the fixture's 60 Hz manual clock: the tick on which a queued transition begins.
let oneFrame = 1.0 / 60

/// The window sizes the style tests run in.
enum WindowKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The default 390×844 window (horizontally compact).
    case compact
    /// A 1024×768 window (horizontally regular).
    case regular

    var size: Size {
        switch self {
        case .compact: Size(width: 390, height: 844)
        case .regular: Size(width: 1024, height: 768)
        }
    }

    var description: String { rawValue }
}

/// Every `ModalPresentationStyle`, with `custom` split by whether the delegate vends a
/// presentation controller.
enum StyleCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case fullScreen, pageSheet, formSheet, overFullScreen, currentContext, overCurrentContext, popover
    case customWithController, customWithoutController, automatic

    var style: ModalPresentationStyle {
        switch self {
        case .fullScreen: .fullScreen
        case .pageSheet: .pageSheet
        case .formSheet: .formSheet
        case .overFullScreen: .overFullScreen
        case .currentContext: .currentContext
        case .overCurrentContext: .overCurrentContext
        case .popover: .popover
        case .customWithController, .customWithoutController: .custom
        case .automatic: .automatic
        }
    }

    var description: String { rawValue }

    /// Sets the style on `viewController` (and, for `custom`, a delegate vending a
    /// `RecordingPresentationController` or none; for `popover`, `anchor` as its source view).
    /// `animator`/`interaction` go to the delegate; when both are nil and the style is not custom,
    /// no delegate is set (built-in animator).
    @MainActor
    @discardableResult
    func configure(
        _ viewController: ViewController, anchor: View, animator: (any AnimatedTransitioning)? = nil,
        interaction: (any InteractiveTransitioning)? = nil
    ) -> FixtureDelegate? {
        viewController.modalPresentationStyle = style
        viewController.popoverPresentationController?.sourceView = anchor
        let delegate: FixtureDelegate?
        switch self {
        case .customWithController:
            delegate = FixtureDelegate(animator: animator, interaction: interaction) { presented, presenting in
                RecordingPresentationController(presentedViewController: presented, presenting: presenting)
            }
        case .customWithoutController:
            delegate = FixtureDelegate(animator: animator, interaction: interaction)
        default:
            delegate = animator == nil && interaction == nil
                ? nil : FixtureDelegate(animator: animator, interaction: interaction)
        }
        viewController.transitioningDelegate = delegate
        return delegate
    }

    /// Whether the presenting view leaves the window (fullScreen and currentContext after
    /// adaptation; custom falls back to fullScreen without a controller).
    func removesPresenter(in kind: WindowKind) -> Bool {
        switch self {
        case .fullScreen, .currentContext, .customWithoutController: true
        case .pageSheet, .formSheet, .automatic: kind == .compact
        case .overFullScreen, .overCurrentContext, .popover, .customWithController: false
        }
    }

    /// The effective style after `automatic` and size-class adaptation.
    func effectiveStyle(in kind: WindowKind) -> ModalPresentationStyle {
        switch self {
        case .customWithController: return .custom
        case .customWithoutController: return .fullScreen
        case .automatic: return kind == .compact ? .fullScreen : .pageSheet
        case .pageSheet, .formSheet, .currentContext: return kind == .compact ? .fullScreen : style
        case .popover: return kind == .compact ? .overFullScreen : .popover
        default: return style
        }
    }
}

/// A shared, ordered log of "id.event" strings.
@MainActor
final class EventLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries = [] }
}

/// A view controller that logs its appearance callbacks and size transitions.
@MainActor
final class RecordingViewController: ViewController {
    let log: EventLog
    /// Run inside `viewWillTransition(to:with:)`, to register alongside animations.
    var onSizeTransition: ((Size, TransitionCoordinator) -> Void)?
    var animatedFlags: [Bool] = []

    init(id: String, log: EventLog) {
        self.log = log
        super.init(id: id)
    }

    override func viewWillAppear(_ animated: Bool) {
        animatedFlags.append(animated)
        log.add("\(id).willAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        animatedFlags.append(animated)
        log.add("\(id).didAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        animatedFlags.append(animated)
        log.add("\(id).willDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        animatedFlags.append(animated)
        log.add("\(id).didDisappear")
    }

    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        log.add("\(id).viewWillTransition(\(Int(size.width))x\(Int(size.height)))")
        onSizeTransition?(size, coordinator)
    }

    override func willMove(toParent parent: ViewController?) {
        log.add("\(id).willMove(\(parent?.id ?? "nil"))")
    }

    override func didMove(toParent parent: ViewController?) {
        log.add("\(id).didMove(\(parent?.id ?? "nil"))")
    }
}

/// A custom presentation controller that records its calls and puts the presented view at
/// `frameInContainer(containerSize)` (default: a fixed 300×400 rectangle at (20, 100)).
@MainActor
final class RecordingPresentationController: PresentationController, NamedTransitionRole {
    let roleName = "recording"
    var calls: [String] = []
    var log: EventLog?
    var removesPresenter = false
    var frameInContainer: (Size) -> Rect = { _ in Rect(x: 20, y: 100, width: 300, height: 400) }
    /// Run inside `viewWillTransition(to:with:)`.
    var onSizeTransition: ((Size, TransitionCoordinator) -> Void)?

    static let defaultFrame = Rect(x: 20, y: 100, width: 300, height: 400)

    override var frameOfPresentedViewInContainerView: Rect {
        guard let containerView else { return .zero }
        return frameInContainer(containerView.bounds.size)
    }

    override var shouldRemovePresentersView: Bool { removesPresenter }

    private func record(_ call: String) {
        calls.append(call)
        log?.add("controller.\(call)")
    }

    override func presentationTransitionWillBegin() throws { record("presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) throws { record("presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() throws { record("dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) throws { record("dismissalTransitionDidEnd(\(completed))") }

    override func containerViewWillLayoutSubviews() throws {
        let size = containerView?.bounds.size ?? .zero
        record("containerViewWillLayoutSubviews(\(Int(size.width))x\(Int(size.height)))")
    }

    override func containerViewDidLayoutSubviews() throws {
        let size = containerView?.bounds.size ?? .zero
        record("containerViewDidLayoutSubviews(\(Int(size.width))x\(Int(size.height)))")
    }

    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) throws {
        record("viewWillTransition(\(Int(size.width))x\(Int(size.height)))")
        onSizeTransition?(size, coordinator)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) throws {
        record("traitCollectionDidChange(\(previousTraitCollection?.horizontalSizeClass.rawValue ?? "nil"))")
    }
}

/// Checks what a view controller that is not presented has as `presentationController`: the one
/// its style keeps for the next presentation (a popover's; a sheet's, made on first access as
/// UIKit's), or none; never the controller of a presentation.
@MainActor
func expectPresentationControllerAtRest(_ viewController: ViewController, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(viewController.presentation == nil, sourceLocation: sourceLocation)
    switch viewController.modalPresentationStyle.resolved {
    case .popover:
        #expect(viewController.presentationController === viewController.popoverPresentationController, sourceLocation: sourceLocation)
    case .formSheet, .pageSheet:
        #expect(
            (viewController.presentationController as? StylePresentationController)?.style == viewController.modalPresentationStyle.resolved,
            sourceLocation: sourceLocation)
    default:
        #expect(viewController.presentationController == nil, sourceLocation: sourceLocation)
    }
}

/// The ids of `views`, back to front.
@MainActor
func ids(_ views: [View]) -> [String] { views.map(\.id) }

/// `view` and every view below it, depth first.
@MainActor
func allViews(in view: View) -> [View] {
    [view] + view.subviews.flatMap { allViews(in: $0) }
}

/// The context of the transition running in the fixture's window.
@MainActor
func runningContext(_ f: TransitionFixture) -> TransitionContext? {
    f.window.transitionContexts.first
}

/// The `.began` events the fixture heard, as (kind, from, to).
@MainActor
func beganEvents(_ f: TransitionFixture) -> [String] {
    f.events.compactMap { event in
        if case .began(_, let kind, let from, let to, _) = event { return "\(kind.rawValue):\(from)->\(to)" }
        return nil
    }
}

/// The `.ended` events the fixture heard, as completed flags.
@MainActor
func endedEvents(_ f: TransitionFixture) -> [Bool] {
    f.events.compactMap { event in
        if case .ended(_, let completed) = event { return completed }
        return nil
    }
}
