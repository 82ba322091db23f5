/// Vends the objects of a custom transition (`UIViewControllerTransitioningDelegate`). Every
/// method is optional: the defaults return `nil`. A view controller holds its delegate strongly
/// (UIKit's is weak, a classic trap), and the host retains every vended object until its
/// transition ends. A method that throws ends the transition as cancelled, with a diagnostic.
@MainActor
public protocol TransitioningDelegate: AnyObject {
    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)?
    func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)?
    func interactionControllerForPresentation(
        using animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)?
    func interactionControllerForDismissal(
        using animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)?
    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController?
}

extension TransitioningDelegate {
    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? { nil }

    public func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        nil
    }

    public func interactionControllerForPresentation(
        using animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? { nil }

    public func interactionControllerForDismissal(
        using animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? { nil }

    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? { nil }
}
