import ArgumentParser
import Foundation
import Scrim
import ScrimBench

@main
struct ScrimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim",
        abstract: "A headless host for UIKit-style view-controller transitions, scriptable in Lua.",
        version: ScrimVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, ServeCommand.self, PreviewCommand.self, ExportCommand.self, RenderCommand.self, NewCommand.self, BenchCommand.self]
    )

    /// Runs the command with the exit codes of Docs/CLI.md: 0 ok, 1 failure found (a plugin
    /// error, a file that cannot be used, a host that cannot start), 2 usage error: every
    /// `ValidationError` and parse error (ArgumentParser's own code for them is 64).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
