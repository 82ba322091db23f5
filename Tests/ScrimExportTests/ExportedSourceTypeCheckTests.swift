import Foundation
import ScrimExport
import ScrimPlayback
import ScrimTestSupport
import Testing

/// Check (a) of Docs/Export.md: the file exported from each shipped plugin with its scenario
/// type-checks (`swiftc -typecheck`) against the UIKit/QuartzCore-shaped stub module kept in
/// `UIKitStub/UIKit.swift`, compiled once into a temporary directory.
@MainActor @Suite(.serialized) struct ExportedSourceTypeCheckTests {
    /// `swiftc`: beside the `swift` running these tests (the toolchain's `bin`), else on PATH.
    static func swiftc() throws -> URL {
        var candidates: [URL] = []
        let arguments = ProcessInfo.processInfo.arguments
        if let first = arguments.first { candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("swiftc")) }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc"))
        }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "swiftc is not on PATH")
    }

    /// Runs `swiftc` with `arguments`; its exit status and output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The stub module, compiled into a new temporary directory (removed by the caller).
    static func stubModule() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stub = Repository.root.appendingPathComponent("Tests/ScrimExportTests/UIKitStub/UIKit.swift")
        let result = try run([
            "-emit-module", "-parse-as-library", "-module-name", "UIKit", "-emit-module-path",
            directory.appendingPathComponent("UIKit.swiftmodule").path, stub.path,
        ])
        try #require(result.status == 0, "the stub did not compile:\n\(result.output)")
        return directory
    }

    @Test func everyShippedPluginsExportTypeChecksAgainstUIKit() throws {
        let module = try Self.stubModule()
        defer { try? FileManager.default.removeItem(at: module) }
        var exports: [(String, SwiftExport)] = []
        for plugin in ExportFixtures.scenarioPlugins {
            exports.append((plugin, try ExportFixtures.scenario(plugin).exportSwift()))
        }
        exports.append(("pop --dismiss", try ExportFixtures.popWithDismissal.exportSwift()))
        // One direction only: the delegate vends just that one.
        exports.append(("pop", try TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("pop.lua"), fps: 60).exportSwift()))
        exports.append(("slide --push", try TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("slide.lua"), push: true, fps: 60).exportSwift()))
        for (plugin, export) in exports {
            let file = module.appendingPathComponent(export.fileName)
            try export.source.write(to: file, atomically: true, encoding: .utf8)
            for version in ["5", "6"] {
                let result = try Self.run(["-typecheck", "-swift-version", version, "-I", module.path, file.path])
                #expect(result.status == 0 && result.output.isEmpty, "\(plugin) (Swift \(version)):\n\(result.output)")
            }
        }
    }

    /// The stub is strict where it matters: a file with a wrong SDK name does not type-check.
    @Test func aWrongSignatureFailsToTypeCheck() throws {
        let module = try Self.stubModule()
        defer { try? FileManager.default.removeItem(at: module) }
        let export = try ExportFixtures.popWithDismissal.exportSwift()
        let broken = export.source.replacingOccurrences(of: "animationController(forDismissed", with: "animationController(forDismissing")
            .replacingOccurrences(of: "NSValue(cgPoint:", with: "NSValue(cgPt:")
        let file = module.appendingPathComponent("Broken.swift")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.run(["-typecheck", "-I", module.path, file.path])
        #expect(result.status != 0)
        #expect(result.output.contains("required by protocol 'UIViewControllerTransitioningDelegate'"), "\(result.output)")
        #expect(result.output.contains("cgPt:"), "\(result.output)")
    }
}
