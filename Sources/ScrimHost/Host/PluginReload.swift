/// A plugin that (re)loaded, as `ScrimHost.onReload` hears it.
public struct PluginReload: Sendable, Hashable {
    /// The plugin's name.
    public let plugin: String
    /// Its new generation (1 for the first load; each reload adds one).
    public let generation: Int
}
