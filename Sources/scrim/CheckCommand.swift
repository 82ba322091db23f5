import ArgumentParser
import Foundation
import Scrim

/// `scrim check <files…>`: loads each plugin file in the sandbox (its top level runs, with the
/// instruction budget and memory cap) and prints its diagnostics as `file:line:col: severity:
/// message`. Exit status 1 if any file has an error, 2 for a file that cannot be read.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check Lua plugin files and print their diagnostics (file:line:col: severity: message).")

    @Argument(help: "The plugin files to check.")
    var files: [String]

    @MainActor func run() async throws {
        let host = try ScrimHost()
        var errors = 0
        for file in files {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            guard FileManager.default.isReadableFile(atPath: path) else {
                FileHandle.standardError.write(Data("\(file): error: no such readable file\n".utf8))
                throw ExitCode(2)
            }
            host.load(pluginAt: path)
            for diagnostic in host.scriptDiagnostics[path] ?? [] {
                var shown = diagnostic
                shown.path = file
                print(shown)
                if diagnostic.severity == .error { errors += 1 }
            }
        }
        if errors > 0 { throw ExitCode(1) }
    }
}
