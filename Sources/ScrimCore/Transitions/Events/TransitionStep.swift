/// One step of the transition sequence or an appearance callback, with the names the
/// protocol's `scrim/trace` uses.
public enum TransitionStep: String, Sendable, Hashable, CaseIterable {
    case presentationControllerForPresented, animationControllerForPresented
    case interactionControllerForPresentation, animationControllerForDismissed
    case interactionControllerForDismissal
    case viewWillAppear, viewWillDisappear
    case presentationTransitionWillBegin, dismissalTransitionWillBegin
    case transitionDuration, animateTransition, startInteractiveTransition, completeTransition
    case presentationTransitionDidEnd, dismissalTransitionDidEnd
    case alongsideCompletion, animationEnded
    case viewDidAppear, viewDidDisappear
    case completion
    // Containers.
    case animationControllerForOperation, interactionControllerForOperation, willShow, didShow
    case willMoveToParent, didMoveToParent, shouldSelect, didSelect
}
