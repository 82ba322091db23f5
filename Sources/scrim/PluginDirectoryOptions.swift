import ArgumentParser
import Foundation

/// `--plugins DIR` (repeatable), shared by `run`, `check` and `serve`: more plugin directories.
/// A directory that does not exist is a usage error.
struct PluginDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: "A plugin directory (repeatable).", completion: .directory)
    var plugins: [String] = []

    /// The directories as standardized file URLs.
    var urls: [URL] { plugins.map { URL(fileURLWithPath: $0).standardizedFileURL } }

    func validate() throws {
        for plugin in plugins {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: plugin, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--plugins: '\(plugin)' is not a directory")
            }
        }
    }
}
