import ScrimCore

/// One loaded plugin file (Docs/LuaAPI.md, "A plugin is one Lua file"): its class table, the
/// roles it plays, its generation and its diagnostics.
@MainActor
package final class Plugin {
    package let name: String
    package let path: String
    let source: String
    /// Goes up with every successful reload.
    package let generation: Int
    /// The table the file returned.
    let classTable: LuaReference
    /// The plugin's global environment.
    let environment: LuaReference
    package let roles: Set<RoleKind>

    init(
        name: String, path: String, source: String, generation: Int, classTable: LuaReference,
        environment: LuaReference, roles: Set<RoleKind>
    ) {
        self.name = name
        self.path = path
        self.source = source
        self.generation = generation
        self.classTable = classTable
        self.environment = environment
        self.roles = roles
    }

    /// The methods of a navigation or tab bar controller's delegate: a delegate plugin that
    /// defines one of them is that container's delegate as well.
    static let containerDelegateMethods = [
        "animationControllerForOperation", "interactionControllerForNavigation", "willShow", "didShow",
        "animationControllerForTab", "interactionControllerForTab", "shouldSelect", "didSelect",
    ]

    /// The functions whose presence makes a role (Docs/LuaAPI.md, "A plugin is one Lua file").
    static let roleMarkers: [(RoleKind, [String])] = [
        (.animator, ["animateTransition"]),
        (.interaction, ["startInteractiveTransition"]),
        (.presentation, ["presentationTransitionWillBegin", "frameOfPresentedViewInContainerView"]),
        (.delegate, [
            "animationControllerForPresented", "animationControllerForDismissed",
            "interactionControllerForPresentation", "interactionControllerForDismissal",
            "presentationControllerForPresented",
        ] + containerDelegateMethods),
        (.segue, ["perform"]),
        (.controller, controllerMethods),
    ]

    /// The methods that make the controller role (a table field `unwindActions` does too). A
    /// controller also hears `viewWillTransitionToSize(vc, size, coordinator)`, which does not
    /// make the role: a presentation controller has a method of that name.
    static let controllerMethods = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "shouldPerformSegue",
        "prepareForSegue", "canPerformUnwindSegueAction",
    ]
}
