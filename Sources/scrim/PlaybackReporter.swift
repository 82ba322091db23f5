import ArgumentParser
import Foundation
import ScrimCore
import ScrimPlayback

/// How the command line shows what a playback reports: each fault on one line, `path:line:col:
/// error: message`, with the plugin's path as the user typed it (other files relative to the
/// current directory when they are under it); a `PlaybackError` prefixed with the command's name
/// and turned into its exit status (usage errors 2, the rest 1).
struct PlaybackReporter {
    /// The command's name in messages: `scrim run`, `scrim preview`.
    var command: String
    /// The plugin file as typed, and the file it names.
    var typedPlugin: String?

    /// `path` as the user would write it.
    func shown(_ path: String) -> String {
        if let typedPlugin, URL(fileURLWithPath: typedPlugin).standardizedFileURL.path == path { return typedPlugin }
        let directory = FileManager.default.currentDirectoryPath
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Prints each fault on one line to stderr.
    func report(_ faults: [PlaybackFault]) {
        for fault in faults {
            printError(fault.path.map { fault.showing(path: shown($0)).description } ?? fault.description)
        }
    }

    /// Prints what `error` says (a plugin that did not load: its diagnostics, then that it did not
    /// load) and returns what to throw: a usage error, or exit status 1.
    func failure(_ error: PlaybackError) -> any Error {
        switch error {
        case .invalidOptions(let message):
            return ValidationError(message)
        case .cannotPlay(let message):
            printError("\(command): \(message)")
        case .pluginDidNotLoad(let path, let diagnostics):
            for diagnostic in diagnostics {
                var diagnostic = diagnostic
                diagnostic.path = shown(diagnostic.path)
                printError("\(diagnostic)")
            }
            printError("\(shown(path)): the plugin did not load")
        }
        return ExitCode.failure
    }
}

/// Writes a line to stderr.
func printError(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
}
