import ScrimCore

/// An animator of the seeds whose direction the delegate sets when it vends it (the `presenting`
/// flag of Listing 10-2 and of the tutorial's `PopAnimator`).
@MainActor
public protocol DirectionalAnimator: AnimatedTransitioning {
    var presenting: Bool { get set }
}

extension DiagonalAnimator: DirectionalAnimator {}
extension PopAnimator: DirectionalAnimator {}

/// The transitioning delegate of the seed examples, playing the part of the tutorial's home view
/// controller (`HomeViewController` as `UIViewControllerTransitioningDelegate`) and of the
/// guide's presenting view controllers.
///
/// Exact behaviour:
/// - `animationController(forPresented:…)`: sets `animator.presenting = true`; for a `PopAnimator`
///   with a `sourceView`, sets `originFrame` to the source view's frame in window coordinates and
///   hides the source view (the tutorial's `selectedImage`); returns `animator`;
/// - `animationController(forDismissed:)`: sets `animator.presenting = false`, returns `animator`;
/// - `interactionControllerForPresentation/Dismissal`: return `presentationInteraction` /
///   `dismissalInteraction` **once** and clear the property (an interaction controller serves one
///   transition; set a fresh one before each interactive transition);
/// - `presentationController(forPresented:…)`: a new `DimmingPresentationController` when
///   `usesDimming`, else `nil` (then the `custom` style falls back to `fullScreen`); it is
///   `dimmingController` while its presentation lasts;
/// - with a `PopAnimator` and a `sourceView`, `init` sets the animator's `dismissCompletion` to show the
///   source view again (the tutorial's `viewDidLoad`).
@MainActor
public final class SeedDelegate: TransitioningDelegate, NamedTransitionRole {
    public let roleName = "seeds"
    public var animator: (any DirectionalAnimator)?
    public var presentationInteraction: SwipeInteractionController?
    public var dismissalInteraction: SwipeInteractionController?
    public var usesDimming: Bool
    /// The view the pop zooms out of (the tapped card).
    public let sourceView: View?
    /// The presentation controller vended last, while its presentation keeps it. Weak: it holds
    /// the presented view controller, which holds this delegate.
    public private(set) weak var dimmingController: DimmingPresentationController?

    public init(
        animator: (any DirectionalAnimator)? = nil, usesDimming: Bool = false, sourceView: View? = nil,
        presentationInteraction: SwipeInteractionController? = nil,
        dismissalInteraction: SwipeInteractionController? = nil
    ) {
        self.animator = animator
        self.usesDimming = usesDimming
        self.sourceView = sourceView
        self.presentationInteraction = presentationInteraction
        self.dismissalInteraction = dismissalInteraction
        if let pop = animator as? PopAnimator, let sourceView {
            pop.dismissCompletion = { [weak sourceView] in sourceView?.isHidden = false }
        }
    }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        guard let animator else { return nil }
        animator.presenting = true
        if let pop = animator as? PopAnimator, let sourceView {
            pop.originFrame = sourceView.convert(sourceView.bounds, to: nil)
            sourceView.isHidden = true
        }
        return animator
    }

    public func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        guard let animator else { return nil }
        animator.presenting = false
        return animator
    }

    public func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        defer { presentationInteraction = nil }
        return presentationInteraction
    }

    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        defer { dismissalInteraction = nil }
        return dismissalInteraction
    }

    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? {
        guard usesDimming else { return nil }
        let controller = DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        dimmingController = controller
        return controller
    }
}
