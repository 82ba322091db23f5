import ArgumentParser
import Scrim

@main
struct ScrimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim",
        abstract: "A headless host for UIKit-style view-controller transitions, scriptable in Lua.",
        version: ScrimVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, ServeCommand.self, BenchCommand.self]
    )
}
