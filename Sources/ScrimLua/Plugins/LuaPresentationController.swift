import CLua
import ScrimCore

/// A presentation controller played by a plugin: the methods of `PresentationController`
/// (Docs/LuaAPI.md, "A plugin is one Lua file"), and the inherited fields `containerView`,
/// `presentedViewController` and `presentingViewController` (Docs/LuaAPI.md, "Inherited members").
@MainActor
final class LuaPresentationController: PresentationController, NamedTransitionRole, LuaRoleHost {
    private(set) var instance: PluginInstance!
    var roleName: String { instance.plugin.name }

    init(
        library: PluginLibrary, plugin: Plugin, options: RoleOptions, presented: ViewController,
        presenting: ViewController?
    ) throws {
        super.init(presentedViewController: presented, presenting: presenting)
        instance = try PluginInstance(
            of: plugin, in: library, role: .presentationController, options: options, host: self)
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 {
        switch key {
        case "containerView": call.pushView(containerView)
        case "presentedViewController": call.pushViewController(presentedViewController)
        case "presentingViewController": call.pushViewController(presentingViewController)
        default: return 0
        }
        return 1
    }

    private var context: TransitionContext? { presentedViewController.transitionCoordinator?.transitionContext }

    override var frameOfPresentedViewInContainerView: Rect {
        do {
            if let frame = try instance.call("frameOfPresentedViewInContainerView", read: { call in
                try call.rect(-1, "frameOfPresentedViewInContainerView result")
            }) {
                return frame
            }
        } catch {
            fault(error)
        }
        return super.frameOfPresentedViewInContainerView
    }

    override var presentedView: View? {
        do {
            if let view = try instance.call("presentedView", read: { call in try call.optionalView(-1, "presentedView result") }) {
                return view ?? super.presentedView
            }
        } catch {
            fault(error)
        }
        return super.presentedView
    }

    /// A failed property read (the getter cannot throw; the error is on the plugin's file already):
    /// a fault of the running transition, or of the presentation about to start.
    private func fault(_ error: any Error) {
        let message = (error as? LuaError)?.message ?? "\(error)"
        if let context { context.reportFault(role: .presentationController, object: roleName, message: message) } else {
            propertyFault = propertyFault ?? message
        }
    }

    override var shouldRemovePresentersView: Bool {
        if let value = try? instance.call("shouldRemovePresentersView", read: { call in call.bool(-1) }) { return value }
        return (try? instance.bool("shouldRemovePresentersView")) ?? false
    }

    override func presentationTransitionWillBegin() throws {
        try instance.perform("presentationTransitionWillBegin", context: context)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) throws {
        try instance.perform("presentationTransitionDidEnd", context: context, with: completed)
    }

    override func dismissalTransitionWillBegin() throws {
        try instance.perform("dismissalTransitionWillBegin", context: context)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) throws {
        try instance.perform("dismissalTransitionDidEnd", context: context, with: completed)
    }

    override func containerViewWillLayoutSubviews() throws {
        try instance.perform("containerViewWillLayoutSubviews")
    }

    override func containerViewDidLayoutSubviews() throws {
        try instance.perform("containerViewDidLayoutSubviews")
    }

    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) throws {
        try instance.perform("viewWillTransitionToSize") { call in
            call.push(size)
            call.pushCoordinator(coordinator)
            return 2
        }
    }
}
