/// What one kind of transition does that the others do not (Docs/Transitions.md, "The sequence";
/// Docs/Containers.md for pushes, pops and tab switches): the state that kind needs, how it
/// begins (its animator, its container and its context) and how it finishes. `Transition`, the
/// shared driver, holds one plan and runs the rest of the sequence. The plans are
/// `PresentationPlan`, `DismissalPlan`, `NavigationPlan` (push and pop) and `TabSwitchPlan`.
@MainActor
protocol TransitionPlan: AnyObject {
    var kind: TransitionKind { get }
    /// Presentation: the view controller being presented. Dismissal: the top of the chain. Push,
    /// pop or tab switch: the view controller that ends on top (`.to`).
    var presented: ViewController { get }
    /// Presentation: the presenting view controller. Dismissal: the one that stays. Push, pop or
    /// tab switch: the view controller on top before (`.from`).
    var presenting: ViewController { get }
    var animated: Bool { get }
    /// The view controllers that hold the transition's coordinator while it runs.
    var involvedViewControllers: [ViewController] { get }
    /// The presentation controller the transition calls (presentation, dismissal), if any.
    var presentationController: PresentationController? { get }
    /// The delegate of the container controller the transition runs in (navigation, tab bar); a
    /// presentation's or dismissal's transitioning delegate is the transition's `delegate`.
    var containerDelegate: AnyObject? { get }

    /// Steps 1–8, on the tick after the request.
    func begin(_ transition: Transition)
    /// Step 10's call to the presentation controller (`…TransitionDidEnd`), when there is one.
    func endPresentationController(_ transition: Transition, completed: Bool) throws
    /// What the kind changes once the window is free: the view controllers' links, the views, the
    /// appearance callbacks' ends, the container's delegate.
    func finish(_ transition: Transition, completed: Bool)
}
