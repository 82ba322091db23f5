import Foundation
import ScrimCore
import ScrimHost
import ScrimLua
import Testing

/// Reload faults report what happened: an unreadable file keeps the old version with a
/// diagnostic, a failing `onReload` keeps its diagnostic, a directory given twice lists its
/// plugins once, and a require cycle is named.
@MainActor @Suite struct ReloadFaultTests {
    private func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    private static let fade = "return { duration = 0.3, animateTransition = function(self, ctx) ctx:completeTransition(true) end }"

    @Test func anUnreadableFileKeepsTheOldVersionAndSaysWhy() throws {
        let folder = try directory(["fade.lua": Self.fade])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(plugins: folder)
        #expect(host.plugins.map(\.name) == ["fade"])
        // Unreadable even for root: a directory where the file was.
        let file = folder.appendingPathComponent("fade.lua")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(host.reload("fade") == [])
        #expect(host.plugins.map(\.name) == ["fade"])
        let diagnostics = host.scriptDiagnostics[file.path] ?? []
        #expect(diagnostics.map(\.message) == ["cannot read fade.lua: not a regular file (a directory)"])
    }

    @Test func aFailingOnReloadKeepsItsDiagnostic() throws {
        let version = { (body: String) in
            """
            local Delegate = {}
            function Delegate.new(options) return {} end
            function Delegate:onReload(old)
              \(body)
            end
            function Delegate:animationControllerForDismissed(vc) return nil end
            return Delegate
            """
        }
        let folder = try directory(["keeper.lua": version("")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(plugins: folder)
        let delegate = try host.delegate(named: "keeper")
        try version("error('cannot carry the state over')").write(
            to: folder.appendingPathComponent("keeper.lua"), atomically: true, encoding: .utf8)
        var published: [[String]] = []
        host.onDiagnostics { diagnostic in
            if case .script(_, let list) = diagnostic { published.append(list.map(\.message)) }
        }
        #expect(host.reload("keeper") == ["keeper"])
        // The last list published is the one the editor shows: it has the error.
        #expect(published.last?.contains { $0.contains("cannot carry the state over") } == true, "\(published)")
        #expect(try delegate.animationController(forDismissed: host.rootViewController) == nil)
    }

    @Test func aDirectoryGivenTwiceListsItsPluginsOnce() throws {
        let folder = try directory(["fade.lua": Self.fade, "broken.lua": "return {"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(pluginDirectories: [folder, folder.appendingPathComponent(".")])
        #expect(host.plugins.map(\.name) == ["fade"])
        #expect(host.unloadedPluginFiles.count == 1)
        #expect(host.reload() == ["fade"])
    }

    @Test func aRequireCycleIsNamed() throws {
        let folder = try directory([
            "a.lua": "local b = require('b') return {}",
            "b.lua": "local c = require('c') return {}",
            "c.lua": "local a = require('a') return {}",
            "cyclic.lua": "local a = require('a')\nreturn { duration = 0.3, animateTransition = function(self, ctx) ctx:completeTransition(true) end }",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(plugins: folder)
        let diagnostics = host.scriptDiagnostics[folder.appendingPathComponent("cyclic.lua").path] ?? []
        #expect(diagnostics.contains { $0.message.contains("require cycle: 'a' → 'b' → 'c' → 'a'") }, "\(diagnostics.map(\.message))")
        #expect(!diagnostics.contains { $0.message.contains("stack overflow") })
    }
}

/// Inputs the fuzzers found, kept as regression tests (under scripts/test-sanitized, a leak
/// fails the run).
@MainActor @Suite struct FuzzFindingTests {
    /// PluginFuzzer: an empty plugin file. `FileManager.contents(atPath:)` leaked 4 KiB for every
    /// empty file it read; Scrim reads files itself now.
    @Test func anEmptyPluginFileIsReadWithoutLeakingAndReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.lua")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        #expect(try FileContents.read(atPath: file.path) == Data())
        let host = try ScrimHost(plugins: folder)
        #expect(host.plugins.isEmpty)
        #expect(host.scriptDiagnostics[file.path]?.isEmpty == false)
    }

    /// SceneFuzzer: an empty Lua scene file (the same leak, through `scrim/loadScene`).
    @Test func anEmptyLuaSceneIsRefusedWithoutLeaking() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-empty-scene-\(UUID().uuidString).lua")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        defer { try? FileManager.default.removeItem(at: file) }
        let host = try ScrimHost()
        let error = #expect(throws: SceneError.self) { try SceneDescription(contentsOf: file, evaluatingLuaWith: host) }
        #expect(error?.message.hasSuffix("1:1: error: a scene file must return a table of numbers, strings, booleans and tables") == true)
    }
}
