import Foundation
import ScrimTestSupport
import Testing

/// The public API is what `import Scrim` exports: ScrimCore, ScrimHost and ScrimServer. Their
/// public symbols, as the compiler's symbol graph lists them, are checked in at
/// `API/public-symbols.txt`, so that every change of the public API is deliberate: a change shows
/// up here as a failure with the symbols added and removed. After a deliberate change, write the
/// new list with `SCRIM_UPDATE_API=1 swift test --filter PublicAPITests` and commit it.
@Suite struct PublicAPITests {
    static let modules = ["ScrimCore", "ScrimHost", "ScrimServer"]
    static let listFile = Repository.root.appendingPathComponent("API/public-symbols.txt")

    @Test func thePublicSymbolsAreTheCheckedInOnes() throws {
        let current = try Self.publicSymbols()
        if ProcessInfo.processInfo.environment["SCRIM_UPDATE_API"] != nil {
            try FileManager.default.createDirectory(at: Self.listFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (current.joined(separator: "\n") + "\n").write(to: Self.listFile, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: Self.listFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let added = Set(current).subtracting(recorded).sorted()
        let removed = Set(recorded).subtracting(current).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            The public API changed. If that is deliberate, run `SCRIM_UPDATE_API=1 swift test --filter PublicAPITests` \
            and commit API/public-symbols.txt.
            Added:
            \(added.joined(separator: "\n"))
            Removed:
            \(removed.joined(separator: "\n"))
            """)
        // The list is not empty by accident: the embedding API's entry points are in it.
        #expect(current.contains { $0.hasPrefix("class ScrimHost ") })
        #expect(current.contains { $0.hasPrefix("type.method LanguageServer.run(input:output:options:preview:log:) ") })
    }

    /// One line per public symbol: `kind path declaration`, sorted.
    static func publicSymbols() throws -> [String] {
        // The modules were built next to this test binary (`.build/<triple>/debug`, or the
        // sanitizers' build path).
        let buildDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var lines: Set<String> = []
        for module in modules {
            try extract(module, buildDirectory: buildDirectory, into: output)
            let data = try Data(contentsOf: output.appendingPathComponent("\(module).symbols.json"))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            for symbol in graph.symbols {
                let kind = symbol.kind.identifier.replacingOccurrences(of: "swift.", with: "")
                let declaration = symbol.declarationFragments.map(\.spelling).joined()
                lines.insert("\(kind) \(symbol.pathComponents.joined(separator: ".")) \(declaration)")
            }
        }
        return lines.sorted()
    }

    /// Runs `swift-symbolgraph-extract` on `module` (public symbols only); the Lua modules it
    /// needs to load the host are found through their module maps.
    static func extract(_ module: String, buildDirectory: URL, into output: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
            "-I", buildDirectory.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=\(Repository.root.appendingPathComponent("Sources/CLua/module.modulemap").path)",
            "-Xcc", "-fmodule-map-file=\(buildDirectory.appendingPathComponent("CLuaRuntime.build/module.modulemap").path)",
            "-Xcc", "-I/usr/include/lua5.4",
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExtractionFailure(module: module, message: String(decoding: message, as: UTF8.self))
        }
    }

    struct ExtractionFailure: Error, CustomStringConvertible {
        let module: String
        let message: String
        var description: String { "swift-symbolgraph-extract failed for \(module): \(message)" }
    }

    /// The parts of a symbol graph file this test reads.
    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { let identifier: String }
            struct Fragment: Decodable { let spelling: String }
            let kind: Kind
            let pathComponents: [String]
            let declarationFragments: [Fragment]
        }
        let symbols: [Symbol]
    }
}
