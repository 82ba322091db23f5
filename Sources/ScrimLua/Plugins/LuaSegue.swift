import CLua
import ScrimCore

/// A custom segue class played by a plugin (Docs/LuaAPI.md, "Segue and controller plugins";
/// Docs/Segues.md): `perform(segue)` shows `segue.destination` itself, e.g.
/// `segue.source:present(segue.destination, true)`.
@MainActor
final class LuaSegue: StoryboardSegue, NamedTransitionRole, LuaRoleHost {
    private(set) var instance: PluginInstance!
    var roleName: String { instance.plugin.name }

    init(
        library: PluginLibrary, plugin: Plugin, options: RoleOptions, identifier: String?, source: ViewController,
        destination: ViewController
    ) throws {
        super.init(identifier: identifier, source: source, destination: destination, kind: .custom)
        instance = try PluginInstance(of: plugin, in: library, role: .segue, options: options, host: nil)
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 { 0 }

    override func perform() throws {
        try instance.perform("perform") { call in
            call.pushSegue(self)
            return 1
        }
    }
}
