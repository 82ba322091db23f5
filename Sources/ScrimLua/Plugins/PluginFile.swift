/// The one rule for which files are plugins (Docs/LuaAPI.md, "Plugins"): a `.lua` file that is
/// not a type declaration (`*.d.lua`) and not hidden (an editor's temporary `.name.lua`).
/// Loading, watching, the language server and `scrim check` all ask it.
package enum PluginFile {
    /// Whether the file at `path` (or the file name `path`) is a plugin file by its name.
    package static func isPluginFile(path: String) -> Bool {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return name.hasSuffix(".lua") && !name.hasSuffix(".d.lua") && !name.hasPrefix(".")
    }
}
