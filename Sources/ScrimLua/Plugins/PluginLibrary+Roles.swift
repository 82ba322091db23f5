import CLua
import ScrimCore

/// Roles by name: the role objects the host asks for (a Swift role registered under the name, or
/// the plugin of that name), and `scrim.plugin(name, options)` for a delegate to vend one.
extension PluginLibrary {
    /// A role object of `kind` named `name`: the Swift role registered under it, or else the
    /// plugin of that name.
    package func makeRole(
        _ kind: RoleKind, named name: String, options: RoleOptions, presented: ViewController? = nil,
        presenting: ViewController? = nil
    ) throws -> AnyObject {
        if let swift = try registry?.makeSwiftRole(kind, name, options: options, presented: presented, presenting: presenting) {
            return swift
        }
        guard let plugin = plugins[name] else {
            let known = Set(plugins.keys).union(registry?.names(of: kind) ?? []).sorted()
            throw LuaCallError("no plugin or role named '\(name)'" + NameSuggestion.hint(for: name, in: known))
        }
        return try makeRole(kind, plugin: plugin, options: options, presented: presented, presenting: presenting)
    }

    func makeRole(
        _ kind: RoleKind, plugin: Plugin, options: RoleOptions, presented: ViewController? = nil,
        presenting: ViewController? = nil
    ) throws -> AnyObject {
        guard plugin.roles.contains(kind) else {
            throw LuaCallError("plugin '\(plugin.name)' is not a\(kind == .animator || kind == .interaction ? "n" : "") \(kind.rawValue) (it plays: \(plugin.roles.map(\.rawValue).sorted().joined(separator: ", ")))")
        }
        switch kind {
        case .animator: return try LuaAnimator(library: self, plugin: plugin, options: options)
        case .interaction: return try LuaInteraction(library: self, plugin: plugin, options: options)
        case .delegate: return try LuaDelegate(library: self, plugin: plugin, options: options)
        case .presentation:
            guard let presented else { throw LuaCallError("a presentation controller needs the presented view controller") }
            return try LuaPresentationController(
                library: self, plugin: plugin, options: options, presented: presented, presenting: presenting)
        case .controller:
            return try LuaController(library: self, plugin: plugin, options: options)
        case .segue:
            throw LuaCallError("a segue is made with its source and destination (makeSegue)")
        }
    }

    /// A new segue of the plugin `name`, which plays the segue role.
    package func makeSegue(
        named name: String, options: RoleOptions = [:], identifier: String?, source: ViewController, destination: ViewController
    ) throws -> StoryboardSegue {
        guard let plugin = plugins[name] else { throw LuaCallError("no plugin named '\(name)'") }
        guard plugin.roles.contains(.segue) else {
            throw LuaCallError("plugin '\(name)' is not a segue (it plays: \(plugin.roles.map(\.rawValue).sorted().joined(separator: ", ")))")
        }
        return try LuaSegue(
            library: self, plugin: plugin, options: options, identifier: identifier, source: source, destination: destination)
    }

    /// A controller instance of the plugin `name` (options from the declaration) set as
    /// `viewController`'s script; `viewDidLoad` runs if the view is already loaded.
    package func attachController(named name: String, options: RoleOptions = [:], to viewController: ViewController) throws {
        guard let plugin = plugins[name] else { throw LuaCallError("no plugin named '\(name)'") }
        let controller = try makeRole(.controller, plugin: plugin, options: options) as! LuaController
        viewController.script = controller
        if viewController.isViewLoaded { controller.viewControllerCallback(viewController, .viewDidLoad, animated: nil) }
    }

    /// `scrim.plugin(name, options)`: a role by name (another plugin, or a role the embedding
    /// program registered in Swift) with options, as a table a delegate can return.
    func pluginInstance(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1, "plugin")
        let known = Set(plugins.keys).union(RoleKind.allCases.flatMap { registry?.names(of: $0) ?? [] })
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
