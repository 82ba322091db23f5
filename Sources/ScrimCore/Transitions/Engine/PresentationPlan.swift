/// A presentation (Docs/Transitions.md, "The sequence", "Presentation"): the style and the
/// presentation controller, chosen with the adaptive delegate; the container view and the
/// `Presentation` record it makes; the context; at the end the presenting links (completed) or
/// everything undone (cancelled).
@MainActor
final class PresentationPlan: TransitionPlan {
    let presented: ViewController
    let presenting: ViewController
    /// The view controller `present` was called on.
    let source: ViewController
    let animated: Bool
    /// The record made at step 4 (nil before, and when steps 1–3 failed).
    private var presentation: Presentation?

    init(presenting: ViewController, presented: ViewController, source: ViewController, animated: Bool) {
        self.presented = presented
        self.presenting = presenting
        self.source = source
        self.animated = animated
    }

    var kind: TransitionKind { .presentation }
    var involvedViewControllers: [ViewController] { [presented, presenting] }
    var presentationController: PresentationController? { presentation?.controller }
    var containerDelegate: AnyObject? { nil }

    /// What step 1 chose: the style, the presentation controller, the view controller the adaptive
    /// delegate shows instead of the presented one, and the controller whose adaptive delegate
    /// hears `willPresentWithAdaptiveStyle` with the style it answered.
    private struct Choice {
        var style: ModalPresentationStyle
        /// The popover's, the sheet's or the transitioning delegate's controller (nil: the style's own).
        var custom: PresentationController?
        var replacement: ViewController?
        var adaptiveAnswer: (controller: PresentationController, style: ModalPresentationStyle)?
    }

    // MARK: Beginning (steps 1–8)

    func begin(_ transition: Transition) {
        transition.delegate = presented.transitioningDelegate
        guard let (choice, controller, transitionStyle) = transition.prepare({ try chooseRoles(transition) }) else { return }
        // Step 4.
        let record = makePresentation(style: choice.style, controller: controller, transitionStyle: transitionStyle, transition)
        let (context, finalFrame) = makeContext(for: record, replacement: choice.replacement, transition)
        transition.start(context: context, from: presenting, to: presented)
        guard tellAdaptiveDelegate(choice.adaptiveAnswer, transition) else { return }
        startAnimations(of: record, replacement: choice.replacement, finalFrame: finalFrame, transition)
    }

    /// Steps 1–3: the presented view controller is still free to be presented there; the style
    /// and the presentation controller; the built-in animation the style implies, the animator
    /// and the interaction controller.
    private func chooseRoles(
        _ transition: Transition
    ) throws -> (Choice, PresentationController, transitionStyle: ModalTransitionStyle) {
        try transition.checkPlacement(of: presented, at: presenting)
        let (choice, controller) = try chooseController(transition, traits: transition.runner.window.traitCollection)
        let transitionStyle = PresentationStyleRules.transitionStyle(presented: presented, presenting: presenting, style: choice.style)
        try transition.chooseAnimator(
            builtIn: transitionStyle, steps: (.animationControllerForPresented, .interactionControllerForPresentation)
        ) { delegate in
            try delegate.animationController(forPresented: presented, presenting: presenting, source: source)
        } interaction: { delegate, animator in
            try delegate.interactionControllerForPresentation(using: animator)
        }
        return (choice, controller, transitionStyle)
    }

    /// Step 1: the style (`automatic` and the size class resolved) and the presentation
    /// controller — a popover's, a sheet's made before presenting, the transitioning delegate's
    /// for `.custom`, each adapted by its adaptive delegate in compact width; else the style's own.
    private func chooseController(
        _ transition: Transition, traits: TraitCollection
    ) throws -> (Choice, PresentationController) {
        var choice = Choice(style: PresentationStyleRules.adapted(presented.modalPresentationStyle, to: traits))
        if presented.modalPresentationStyle == .popover, let popover = presented.popoverPresentationController {
            try adapt(popover, traits: traits, into: &choice, transition)
        } else if let sheet = presented.sheetStorage, sheet.style == presented.modalPresentationStyle.resolved {
            try adapt(sheet: sheet, traits: traits, into: &choice, transition)
        } else if choice.style == .custom, let delegate = transition.delegate {
            choice.custom = try transition.call(.delegate, delegate, .presentationControllerForPresented) {
                try delegate.presentationController(forPresented: presented, presenting: presenting, source: source)
            }
            if let vended = choice.custom, traits.horizontalSizeClass == .compact {
                try adapt(vended: vended, traits: traits, into: &choice, transition)
            }
        }
        if choice.style == .custom, choice.custom == nil { choice.style = .fullScreen }
        let controller = choice.custom
            ?? StylePresentationController(style: choice.style, presented: presented, presenting: presenting)
        controller.adaptiveViewController = choice.replacement
        return (choice, controller)
    }

    /// A popover: its source view must still be in the window; adapted, it shows over the full screen.
    private func adapt(
        _ popover: PopoverPresentationController, traits: TraitCollection, into choice: inout Choice,
        _ transition: Transition
    ) throws {
        guard let sourceView = popover.sourceView, sourceView.window === transition.runner.window else {
            throw RoleFailure(
                role: .viewController, object: presented.id,
                message: "the popover's source view \(popover.sourceView.map { "'\($0.id)' " } ?? "")is no longer in the window; the presentation does not begin")
        }
        let answer = try adaptiveStyle(of: popover, in: traits, transition)
        popover.adaptiveStyle = answer == .popover ? .none : answer
        choice.style = popover.isAdapted ? .overFullScreen : .popover
        if popover.isAdapted { choice.replacement = try adaptiveReplacement(of: popover, for: answer, transition) }
        if traits.horizontalSizeClass == .compact, popover.delegate != nil { choice.adaptiveAnswer = (popover, answer) }
        choice.custom = popover
    }

    /// A sheet whose controller was made before presenting (for its adaptive delegate): in compact
    /// width the delegate's answer (`.none`: stay a sheet) is the style.
    private func adapt(
        sheet: StylePresentationController, traits: TraitCollection, into choice: inout Choice, _ transition: Transition
    ) throws {
        if traits.horizontalSizeClass == .compact {
            let answer = try adaptiveStyle(of: sheet, in: traits, transition)
            choice.style = answer == .none ? sheet.style : PresentationStyleRules.adapted(answer, to: traits)
            if choice.style == .custom || choice.style == .popover { choice.style = .fullScreen }
            if answer != .none { choice.replacement = try adaptiveReplacement(of: sheet, for: answer, transition) }
            if sheet.delegate != nil { choice.adaptiveAnswer = (sheet, answer) }
        }
        sheet.style = choice.style
        choice.custom = sheet
    }

    /// The transitioning delegate's controller in compact width: an adaptive answer other than
    /// `.custom` or `.none` replaces it with that style's own.
    private func adapt(
        vended: PresentationController, traits: TraitCollection, into choice: inout Choice, _ transition: Transition
    ) throws {
        let answer = try adaptiveStyle(of: vended, in: traits, transition)
        if vended.delegate != nil { choice.adaptiveAnswer = (vended, answer) }
        if answer != .custom, answer != .none {
            choice.style = PresentationStyleRules.adapted(answer, to: traits)
            choice.replacement = try adaptiveReplacement(of: vended, for: answer, transition)
            choice.custom = nil
        }
    }

    /// The style `controller` adapts to in a window with `traits`: in compact width the adaptive
    /// delegate's answer (its default: the controller's own), in regular width `.none`.
    private func adaptiveStyle(
        of controller: PresentationController, in traits: TraitCollection, _ transition: Transition
    ) throws -> ModalPresentationStyle {
        guard traits.horizontalSizeClass == .compact else { return .none }
        guard let adaptiveDelegate = controller.delegate else { return controller.adaptivePresentationStyle(for: traits) }
        return try transition.call(.delegate, adaptiveDelegate, nil) {
            try adaptiveDelegate.adaptivePresentationStyle(for: controller, traitCollection: traits)
        }
    }

    /// The view controller the adaptive delegate shows instead of the presented one.
    private func adaptiveReplacement(
        of controller: PresentationController, for style: ModalPresentationStyle, _ transition: Transition
    ) throws -> ViewController? {
        guard let adaptiveDelegate = controller.delegate else { return nil }
        let made = try transition.call(.delegate, adaptiveDelegate, nil) {
            try adaptiveDelegate.presentationController(controller, viewControllerForAdaptivePresentationStyle: style)
        }
        return made === presented ? nil : made
    }

    /// Step 4: the container view (over the window, or clipped over the presenting context), the
    /// controller's links, and the `Presentation` record the presented view controller and the
    /// runner keep.
    private func makePresentation(
        style: ModalPresentationStyle, controller: PresentationController, transitionStyle: ModalTransitionStyle,
        _ transition: Transition
    ) -> Presentation {
        let window = transition.runner.window
        let container = View(id: "\(presented.id).container", frame: PresentationStyleRules.containerFrame(
            style: style, presenting: presenting, in: window))
        container.clipsToBounds = style.usesCurrentContext
        window.addSubview(container)
        controller.containerView = container
        controller.presentingViewController = presenting
        controller.holdPresentedViewController()
        let presenterView = presenting.view
        let placement = presenterView.superview.map { superview in
            Presentation.Placement(superview: superview, index: superview.subviews.firstIndex { $0 === presenterView } ?? 0)
        }
        let record = Presentation(
            presented: presented, presenting: presenting, style: style, controller: controller,
            container: container, presenterPlacement: placement, transitionStyle: transitionStyle)
        presented.presentation = record
        presentation = record
        transition.runner.add(record)
        return record
    }

    /// The rest of step 4: the presented view at the controller's final frame (when it is finite)
    /// and the context. Returns the final frame too: one that is not finite faults the transition
    /// once the appearance callbacks began.
    private func makeContext(
        for record: Presentation, replacement: ViewController?, _ transition: Transition
    ) -> (TransitionContext, finalFrame: Rect) {
        let container = record.container
        let presenterView = presenting.view
        let toView = record.presentedView
        let finalFrame = record.controller.frameOfPresentedViewInContainerView
        let frameIsValid = finalFrame.isFinite
        if frameIsValid {
            View.performWithoutAnimation {
                toView.frame = finalFrame
                (replacement ?? presented).layoutContent()
            }
        }
        let fromView = record.removesPresenterView ? presenterView : nil
        var views: [TransitionContext.Key: View] = [.to: toView]
        if let fromView { views[.from] = fromView }
        let context = TransitionContext(
            id: transition.id, kind: .presentation, containerView: container, presentationStyle: record.style,
            isAnimated: animated, viewControllers: [.from: presenting, .to: presented], views: views,
            initialFrames: [ObjectIdentifier(presenting): presenterView.convert(presenterView.bounds, to: container)],
            finalFrames: frameIsValid ? [ObjectIdentifier(presented): finalFrame] : [:])
        return (context, finalFrame)
    }

    /// Before the appearance callbacks, with the presentation's coordinator: the adaptive delegate
    /// hears `willPresentWithAdaptiveStyle`. False when it failed and faulted the transition.
    private func tellAdaptiveDelegate(
        _ answer: (controller: PresentationController, style: ModalPresentationStyle)?, _ transition: Transition
    ) -> Bool {
        guard let (adaptive, style) = answer, let adaptiveDelegate = adaptive.delegate else { return true }
        do {
            try transition.call(.delegate, adaptiveDelegate, nil) {
                try adaptiveDelegate.presentationController(
                    adaptive, willPresentWithAdaptiveStyle: style, transitionCoordinator: transition.coordinator)
            }
            return true
        } catch let failure as RoleFailure {
            transition.fault(role: failure.role, object: failure.object, method: failure.method, message: failure.message)
            return false
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }
    }

    /// The appearance callbacks begin, then steps 5–8 — unless the controller's script set a
    /// property wrong, or its final frame is not finite: then the transition faults.
    private func startAnimations(
        of record: Presentation, replacement: ViewController?, finalFrame: Rect, _ transition: Transition
    ) {
        let controller = record.controller
        if record.removesPresenterView { transition.appearance(presenting, appearing: false) }
        if let replacement { transition.appearance(replacement, appearing: true) }
        transition.appearance(presented, appearing: true)
        if let message = controller.propertyFault {
            controller.propertyFault = nil
            transition.fault(role: .presentationController, object: roleName(of: controller), message: message)
            return
        }
        guard finalFrame.isFinite else {
            transition.fault(
                role: .presentationController, object: roleName(of: controller), method: "frameOfPresentedViewInContainerView",
                message: "frameOfPresentedViewInContainerView returned \(finalFrame), which is not finite")
            return
        }
        transition.runAnimations(willBegin: .presentationTransitionWillBegin) {
            try controller.presentationTransitionWillBegin()
        } placeWithoutAnimator: {
            if record.presentedView.superview !== record.container { record.container.addSubview(record.presentedView) }
        }
    }

    // MARK: The end

    func endPresentationController(_ transition: Transition, completed: Bool) throws {
        guard let controller = presentation?.controller else { return }
        try transition.call(.presentationController, controller, .presentationTransitionDidEnd) {
            try controller.presentationTransitionDidEnd(completed)
        }
    }

    /// Step 13: completed, the presenting links are made and the presenter's view leaves the
    /// window (or goes back); cancelled, the record, the container and the views are undone.
    func finish(_ transition: Transition, completed: Bool) {
        guard let record = presentation else { return }
        let replacement = record.controller.adaptiveViewController
        if completed {
            presenting.ownPresentedViewController = presented
            presented.ownPresentingViewController = presenting
            replacement?.ownPresentingViewController = presenting
            if record.removesPresenterView {
                presenting.view.removeFromSuperview()
            } else {
                record.restorePresenterView()
            }
            if let replacement { transition.appearanceEnd(replacement) }
            transition.appearanceEnd(presented)
            if record.removesPresenterView { transition.appearanceEnd(presenting) }
        } else {
            record.presentedView.removeFromSuperview()
            record.container.removeFromSuperview()
            presented.presentation = nil
            transition.runner.remove(record)
            record.controller.presentationDidEnd()
            record.restorePresenterView()
            if let replacement {
                transition.appearance(replacement, appearing: false)
                transition.appearanceEnd(replacement)
            }
            transition.appearance(presented, appearing: false)
            transition.appearanceEnd(presented)
            if record.removesPresenterView {
                transition.appearance(presenting, appearing: true)
                transition.appearanceEnd(presenting)
            }
        }
    }
}
