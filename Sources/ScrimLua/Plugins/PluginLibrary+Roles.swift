import CLua
import ScrimCore

/// Role objects: one typed maker per role kind (the host's registry resolves names to them,
/// `RoleType`), segues and controllers by plugin name, and `scrim.plugin(name, options)` for a
/// delegate to vend a role by name.
extension PluginLibrary {
    /// A new animator instance of `plugin`.
    func makeAnimator(_ plugin: Plugin, options: RoleOptions) throws -> any AnimatedTransitioning {
        try LuaAnimator(library: self, plugin: plugin, options: options)
    }

    /// A new interaction controller instance of `plugin`.
    func makeInteraction(_ plugin: Plugin, options: RoleOptions) throws -> any InteractiveTransitioning {
        try LuaInteraction(library: self, plugin: plugin, options: options)
    }

    /// A new presentation controller instance of `plugin`, between `presented` and `presenting`.
    func makePresentation(
        _ plugin: Plugin, options: RoleOptions, presented: ViewController, presenting: ViewController?
    ) throws -> PresentationController {
        try LuaPresentationController(library: self, plugin: plugin, options: options, presented: presented, presenting: presenting)
    }

    /// A new transitioning delegate instance of `plugin`.
    func makeDelegate(_ plugin: Plugin, options: RoleOptions) throws -> any TransitioningDelegate {
        try LuaDelegate(library: self, plugin: plugin, options: options)
    }

    /// A new segue of `plugin`, which plays the segue role.
    package func makeSegue(
        _ plugin: Plugin, options: RoleOptions, identifier: String?, source: ViewController, destination: ViewController
    ) throws -> StoryboardSegue {
        try LuaSegue(library: self, plugin: plugin, options: options, identifier: identifier, source: source, destination: destination)
    }

    /// A controller instance of `plugin` (options from the declaration) set as `viewController`'s
    /// script; `viewDidLoad` runs if the view is already loaded.
    package func attachController(_ plugin: Plugin, options: RoleOptions, to viewController: ViewController) throws {
        let controller = try LuaController(library: self, plugin: plugin, options: options)
        viewController.script = controller
        if viewController.isViewLoaded { controller.viewControllerCallback(viewController, .viewDidLoad, animated: nil) }
    }

    /// `scrim.plugin(name, options)`: a role by name (another plugin, or a role the embedding
    /// program registered in Swift) with options, as a table a delegate can return.
    func pluginInstance(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1, "plugin")
        let known = Set(plugins.keys).union(RoleKind.allCases.flatMap { resolver?.names(of: $0) ?? [] })
        guard known.contains(name) else {
            throw LuaCallError("no plugin or role named '\(name)'" + NameSuggestion.hint(for: name, in: known.sorted()))
        }
        call.newTable(fields: 2)
        call.push(name)
        call.setField("plugin")
        if call.type(2) == LUA_TTABLE {
            call.pushValue(2)
        } else {
            call.newTable()
        }
        call.setField("options")
        return 1
    }
}
