import Foundation
import ScrimCore
import ScrimHost
import ScrimTestSupport
import Testing

/// A plugin name belongs to one file: loading the plugin directories, the first directory's file
/// keeps it and another file of that name does not load, with a diagnostic naming the file that
/// has it; a file loaded by its path takes the name and the other file's plugin is unloaded.
@MainActor @Suite struct PluginNameTests {
    private static func animator(duration: Double, name: String? = nil) -> String {
        let field = name.map { "name = '\($0)', " } ?? ""
        return "return { \(field)duration = \(duration), animateTransition = function(self, ctx) ctx:completeTransition(true) end }"
    }

    private static func takenMessage(_ name: String, holder: URL) -> String {
        "a plugin named '\(name)' is already loaded from \(holder.path): plugin names are unique across the plugin "
            + "directories, and the one that loaded first keeps its name; rename this file or set its class's name field"
    }

    @Test(arguments: [false, true])
    func theFirstDirectorysPluginKeepsTheName(reversed: Bool) throws {
        let first = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.1)])
        let second = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.2)])
        defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }
        let (keeper, refused) = reversed ? (second, first) : (first, second)
        let host = try ScrimHost(pluginDirectories: [keeper, refused])
        let refusedFile = refused.appendingPathComponent("zoom.lua").path
        #expect(host.plugins.map(\.path) == [keeper.appendingPathComponent("zoom.lua").path])
        #expect(host.unloadedPluginFiles == [refusedFile])
        #expect(host.scriptDiagnostics[refusedFile]?.map(\.message) == [Self.takenMessage("zoom", holder: keeper.appendingPathComponent("zoom.lua"))])
        #expect(host.scriptDiagnostics[refusedFile]?.map(\.severity) == [.error])
        // Reloading everything keeps it so, and so does an edit of the refused file.
        host.reload()
        try Self.animator(duration: 0.3).write(toFile: refusedFile, atomically: true, encoding: .utf8)
        #expect(host.reloadIfChanged(pluginAt: refusedFile) == nil)
        #expect(host.plugins.map(\.path) == [keeper.appendingPathComponent("zoom.lua").path])
    }

    @Test func aNameFieldCannotTakeAnotherFilesName() throws {
        // Within a directory, files load in name order: fade.lua first.
        let folder = try temporaryDirectory([
            "fade.lua": Self.animator(duration: 0.1), "slide.lua": Self.animator(duration: 0.2, name: "fade"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(plugins: folder)
        let slide = folder.appendingPathComponent("slide.lua").path
        #expect(host.plugins.map(\.name) == ["fade"])
        #expect(host.plugins.map(\.path) == [folder.appendingPathComponent("fade.lua").path])
        #expect(host.scriptDiagnostics[slide]?.map(\.message) == [Self.takenMessage("fade", holder: folder.appendingPathComponent("fade.lua"))])
        // An editor's unsaved buffer hears the same.
        #expect(host.check(Self.animator(duration: 0.2, name: "fade"), path: slide).map(\.message) == host.scriptDiagnostics[slide]?.map(\.message))
        #expect(host.check(Self.animator(duration: 0.2), path: slide).isEmpty)
    }

    @Test func aFileLoadedByItsPathTakesTheNameUntilItIsDeleted() throws {
        let shipped = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.1)])
        let mine = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.4)])
        defer { for folder in [shipped, mine] { try? FileManager.default.removeItem(at: folder) } }
        let host = try ScrimHost(plugins: shipped)
        let shippedFile = shipped.appendingPathComponent("zoom.lua").path, myFile = mine.appendingPathComponent("zoom.lua").path
        var published: [String: [String]] = [:]
        host.onDiagnostics { diagnostic in
            if case .script(let path, let list) = diagnostic { published[path] = list.map(\.message) }
        }
        #expect(host.load(pluginAt: myFile) == "zoom")
        #expect(host.plugins.map(\.path) == [myFile])
        #expect(host.unloadedPluginFiles == [shippedFile])
        let taken = [
            "not loaded: \(myFile), loaded by its path, took the name 'zoom'; plugin names are unique, so rename one of the two files or set its class's name field",
        ]
        #expect(host.scriptDiagnostics[shippedFile]?.map(\.message) == taken)
        #expect(published[shippedFile] == taken)
        // Deleted, it gives the name back.
        try FileManager.default.removeItem(atPath: myFile)
        host.reloadIfChanged(pluginAt: myFile)
        #expect(host.plugins.map(\.path) == [shippedFile])
        #expect(published[shippedFile] == [])
    }

    @Test func aRefusedFileLoadsWhenTheFileWithItsNameIsDeleted() throws {
        let first = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.1)])
        let second = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.2)])
        let third = try temporaryDirectory(["zoom.lua": Self.animator(duration: 0.3)])
        defer { for folder in [first, second, third] { try? FileManager.default.removeItem(at: folder) } }
        let host = try ScrimHost(pluginDirectories: [first, second, third])
        let (firstFile, secondFile, thirdFile) = (
            first.appendingPathComponent("zoom.lua"), second.appendingPathComponent("zoom.lua"), third.appendingPathComponent("zoom.lua")
        )
        var reloads: [PluginReload] = []
        host.onReload { reloads.append($0) }
        try FileManager.default.removeItem(at: firstFile)
        #expect(host.reloadIfChanged(pluginAt: firstFile.path) == nil)
        // The next directory's file has the name now, and the last one's diagnostic names it.
        #expect(host.plugins.map(\.path) == [secondFile.path])
        #expect(reloads.map(\.plugin) == ["zoom"])
        #expect(host.scriptDiagnostics[secondFile.path] == [])
        #expect(host.scriptDiagnostics[thirdFile.path]?.map(\.message) == [Self.takenMessage("zoom", holder: secondFile)])
        #expect(host.unloadedPluginFiles == [thirdFile.path])
    }

    @Test func aRefusedFileLoadsWhenTheFileWithItsNameTakesAnother() throws {
        let folder = try temporaryDirectory([
            "fade.lua": Self.animator(duration: 0.1), "slide.lua": Self.animator(duration: 0.2, name: "fade"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try ScrimHost(plugins: folder)
        let fade = folder.appendingPathComponent("fade.lua").path, slide = folder.appendingPathComponent("slide.lua").path
        var reloads: [String] = []
        host.onReload { reloads.append($0.plugin) }
        try Self.animator(duration: 0.1, name: "dissolve").write(toFile: fade, atomically: true, encoding: .utf8)
        #expect(host.reloadIfChanged(pluginAt: fade) == "dissolve")
        #expect(reloads == ["dissolve", "fade"])
        #expect(host.plugins.map(\.name).sorted() == ["dissolve", "fade"])
        #expect(host.plugins.first { $0.name == "fade" }?.path == slide)
        #expect(host.scriptDiagnostics[slide] == [])
    }
}
