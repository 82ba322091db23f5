import ArgumentParser
import Scrim

/// `scrim bench`: the benchmarks of Docs/Benchmarks.md. Build with `-c release` for real figures.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the benchmarks (build with -c release for meaningful figures).")

    @Flag(help: "Print one JSON object per result.")
    var json = false

    @Option(help: "Run only the benchmarks whose name contains this text.")
    var filter: String?

    static let names = ["engine.tick"]

    @MainActor func run() async throws {
        let selected = Self.names.filter { filter == nil || $0.contains(filter!) }
        guard !selected.isEmpty else {
            throw ValidationError("no benchmark matches '\(filter ?? "")'; known: \(Self.names.joined(separator: ", "))")
        }
        for name in selected {
            for result in try Self.run(name) { print(json ? result.jsonLine() : result.tableLine()) }
        }
    }

    @MainActor private static func run(_ name: String) throws -> [BenchmarkResult] {
        switch name {
        case "engine.tick":
            try [100, 1_000, 10_000].map { try EngineTickBenchmark(viewCount: $0).run() }
        default:
            []
        }
    }
}
