import Foundation

/// Where the plugins that ship with Scrim (`Plugins/` of the repository) are: `$SCRIM_PLUGINS`,
/// else `./Plugins`, else the `Plugins` directory beside an ancestor of the executable (a build
/// in `.build/<configuration>/` of the repository).
package enum ShippedPlugins {
    package static var directory: URL? {
        let manager = FileManager.default
        func hasPlugins(_ url: URL) -> Bool { manager.fileExists(atPath: url.appendingPathComponent("pop.lua").path) }
        if let path = ProcessInfo.processInfo.environment["SCRIM_PLUGINS"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        let local = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent("Plugins")
        if hasPlugins(local) { return local.standardizedFileURL }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Plugins")
            if hasPlugins(candidate) { return candidate.standardizedFileURL }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
