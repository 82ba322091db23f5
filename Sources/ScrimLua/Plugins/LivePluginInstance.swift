import ScrimCore

/// The instance of a role object that lives across reloads of its plugin — a delegate, a view
/// controller's controller (Docs/HotReload.md, "What a reload does"). The library moves it
/// to each new version of the plugin, whose `onReload(oldInstance)` may carry state over; when the
/// new version's instance cannot be made, the old one stays.
@MainActor
final class LivePluginInstance {
    /// The instance of the plugin's newest version that could be made.
    private(set) var current: PluginInstance
    private let options: RoleOptions
    /// Answers what the instance inherits (the role object that owns this; nil: nothing).
    private weak var host: (any LuaRoleHost)?

    init(of plugin: Plugin, in library: PluginLibrary, role: TransitionRole, options: RoleOptions, host: (any LuaRoleHost)?) throws {
        current = try PluginInstance(of: plugin, in: library, role: role, options: options, host: host)
        self.options = options
        self.host = host
        library.track(self)
    }

    /// Moves to `plugin`, a reloaded version of the current instance's.
    func move(to plugin: Plugin) {
        if let fresh = current.moved(to: plugin, options: options, host: host) { current = fresh }
    }
}
