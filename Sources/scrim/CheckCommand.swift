import ArgumentParser
import Foundation
import Scrim
import ScrimHost
import ScrimPlayback

/// `scrim check <files…> [--play]`: loads each plugin file in the sandbox (its top level runs, with
/// the instruction budget and memory cap) and prints its diagnostics as `file:line:col: severity:
/// message`; with `--play`, plays each role of a plugin that loaded on the demo scene
/// (`PlayCheck`) and prints its faults the same way; then a summary line. Exit status 1 if any file has an error or the plugin directories
/// cannot be loaded, 2 (a usage error) for a file that cannot be read or a `--plugins` directory
/// that does not exist.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check Lua plugin files and print their diagnostics (file:line:col: severity: message).",
        discussion: """
            A plugin may require the other files of its own directory and of the --plugins directories. \
            Type-declaration files (*.d.lua) and hidden .lua files are skipped. With --play, each plugin that loads is also played on \
            the demo scene, as `scrim run` would: animators and presentation controllers present and dismiss, \
            delegates present and dismiss and push and pop, interactions are driven by a percent sweep; what \
            faults is an error. The summary line goes to stdout on a terminal, else \
            to stderr, so piped output holds diagnostics only.
            """)

    @Argument(help: "The plugin files to check.", completion: .file(extensions: ["lua"]))
    var files: [String]

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @Flag(help: "Also play each plugin's roles on the demo scene and report the faults (runtime errors) as errors.")
    var play = false

    func validate() throws {
        for file in files { try InputFile.validate(file) }
    }

    @MainActor func run() async throws {
        let host: ScrimHost
        do {
            host = try ScrimHost(pluginDirectories: pluginDirectories.urls)
        } catch {
            FileHandle.standardError.write(Data("scrim check: \(error)\n".utf8))
            throw ExitCode.failure
        }
        var errors = 0, warnings = 0, checked = 0, skipped = 0
        for file in files {
            let url = URL(fileURLWithPath: file).standardizedFileURL
            // A .lua file that is no plugin file (a type declaration, a hidden file) is skipped; any
            // other file given is checked as a plugin.
            if url.pathExtension == "lua", !ScrimHost.isPluginFileName(url.path) {
                skipped += 1
                continue
            }
            checked += 1
            host.addRequireDirectory(url.deletingLastPathComponent())
            host.load(pluginAt: url.path)
            let diagnostics = host.scriptDiagnostics[url.path] ?? []
            for diagnostic in diagnostics {
                var shown = diagnostic
                shown.path = file
                print(shown)
                if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            }
            guard play, !diagnostics.contains(where: { $0.severity == .error }) else { continue }
            errors += playCheck(file, url: url)
        }
        let summary = Self.summary(checked: checked, skipped: skipped, errors: errors, warnings: warnings)
        if isatty(STDOUT_FILENO) != 0 {
            print(summary)
        } else {
            FileHandle.standardError.write(Data("\(summary)\n".utf8))
        }
        if errors > 0 { throw ExitCode(1) }
    }

    /// Plays the plugin's roles (`PlayCheck`) and prints each fault as `scrim check` prints a load
    /// error, with the path as typed; returns how many it printed.
    @MainActor private func playCheck(_ file: String, url: URL) -> Int {
        let reporter = PlaybackReporter(command: "scrim check", typedPlugin: file)
        do {
            let faults = try PlayCheck.faults(of: url, directories: pluginDirectories.urls)
            for fault in faults {
                print(fault.path.map { fault.showing(path: reporter.shown($0)).description } ?? "\(file): error: \(fault)")
            }
            return faults.count
        } catch {
            print("\(file): error: it cannot be played: \(error)")
            return 1
        }
    }

    /// `3 files checked, no problems`, `2 files checked: 1 error, 1 warning`, with the skipped
    /// type-declaration files named when there were any.
    static func summary(checked: Int, skipped: Int, errors: Int, warnings: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var problems: [String] = []
        if errors > 0 { problems.append(count(errors, "error")) }
        if warnings > 0 { problems.append(count(warnings, "warning")) }
        var text = count(checked, "file") + " checked" + (problems.isEmpty ? ", no problems" : ": " + problems.joined(separator: ", "))
        if skipped > 0 { text += " (\(count(skipped, "type-declaration or hidden file")) skipped)" }
        return text
    }
}
