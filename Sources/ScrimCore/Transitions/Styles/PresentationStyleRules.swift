/// The rules of Docs/Transitions.md (*Styles*): which view controller presents, how a style adapts to the window's
/// size class, where the container goes and which built-in animation runs.
@MainActor
enum PresentationStyleRules {
    /// The style a presentation uses in a window with `traits`: `automatic` is `pageSheet`; in
    /// compact width `pageSheet`, `formSheet` and `currentContext` become `fullScreen` and
    /// `popover` becomes `overFullScreen`.
    static func adapted(_ style: ModalPresentationStyle, to traits: TraitCollection) -> ModalPresentationStyle {
        let resolved = style.resolved
        guard traits.horizontalSizeClass == .compact else { return resolved }
        switch resolved {
        case .pageSheet, .formSheet, .currentContext: return .fullScreen
        case .popover: return .overFullScreen
        default: return resolved
        }
    }

    /// The view controller that presents `presented` when `present` is called on `source`:
    /// for the current-context styles the nearest of `source` and its ancestors whose
    /// `definesPresentationContext` is true, for the others the nearest that covers the window
    /// and is not the content of a container (a navigation controller presents for the view
    /// controllers of its stack); else the window's root. If that one already presents, the top
    /// of its presentation chain.
    ///
    /// - Throws: `TransitionError.graphCycle` on a corrupt graph.
    static func presentingViewController(
        for presented: ViewController, source: ViewController, in window: Window
    ) throws(TransitionError) -> ViewController {
        let style = adapted(presented.modalPresentationStyle, to: window.traitCollection)
        let found = try source.walk(along: .parent) { current in
            let isContent = current.parent?.isContainer == true
            return style.usesCurrentContext ? (current.definesPresentationContext ? current : nil)
                : (!isContent && covers(window, current) ? current : nil)
        }
        return try (found ?? window.rootViewController ?? source).last(along: .presented)
    }

    /// Whether a view controller's view fills the window.
    private static func covers(_ window: Window, _ viewController: ViewController) -> Bool {
        guard viewController.isViewLoaded, viewController.view.window === window else { return false }
        let frame = viewController.view.convert(viewController.view.bounds, to: window)
        let bounds = window.bounds
        return abs(frame.minX - bounds.minX) < 0.5 && abs(frame.minY - bounds.minY) < 0.5
            && abs(frame.width - bounds.width) < 0.5 && abs(frame.height - bounds.height) < 0.5
    }

    /// The container's frame in the window: the whole window, or for the current-context styles
    /// the presenting view controller's view.
    /// While a `currentContext` presentation is shown its context's view is out of the window;
    /// then the frame comes from where that view goes back (`placement`).
    static func containerFrame(
        style: ModalPresentationStyle, presenting: ViewController, in window: Window,
        placement: Presentation.Placement? = nil
    ) -> Rect {
        guard style.usesCurrentContext else { return window.bounds }
        let view = presenting.view
        if view.window === window { return view.convert(view.bounds, to: window) }
        if let superview = placement?.superview, superview.window === window {
            return superview.convert(view.frame, to: window)
        }
        return window.bounds
    }

    /// The built-in animation of a presentation: the presented view controller's
    /// `modalTransitionStyle`, or the presenting context's when it provides one.
    static func transitionStyle(
        presented: ViewController, presenting: ViewController, style: ModalPresentationStyle
    ) -> ModalTransitionStyle {
        if style.usesCurrentContext, presenting.providesPresentationContextTransitionStyle {
            return presenting.modalTransitionStyle
        }
        return presented.modalTransitionStyle
    }
}
