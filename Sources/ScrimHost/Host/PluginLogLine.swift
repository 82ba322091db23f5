/// What a plugin printed (`print`, `scrim.log`), as `ScrimHost.onLog` hears it.
public struct PluginLogLine: Sendable, Hashable {
    /// The plugin's name (`scrim` when the printing code belongs to no plugin).
    public let plugin: String
    /// The line of the plugin's file that printed, when known.
    public let line: Int?
    /// What it printed.
    public let text: String

    public init(plugin: String, line: Int?, text: String) {
        self.plugin = plugin
        self.line = line
        self.text = text
    }
}
