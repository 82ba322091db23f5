import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimLua

/// The watcher's polling fallback (used where inotify is unavailable) sees the same changes.
@MainActor @Suite struct PluginWatcherTests {
    /// Collects reported paths.
    @MainActor
    final class Reports {
        var batches: [[String]] = []

        func add(_ batch: [String]) { batches.append(batch) }

        var paths: Set<String> { Set(batches.joined()) }
    }

    @Test func pollingReportsCreatedModifiedAndDeletedPluginFilesOnly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-poll-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plugin = "\(directory)/fade.lua"
        try "return {}".write(toFile: plugin, atomically: false, encoding: .utf8)
        let reports = Reports()
        let watcher = PluginWatcher(directories: [directory], pollingOnly: true) { reports.add($0) }
        watcher.start()
        defer { watcher.stop() }
        #expect(watcher.usesInotify == false)

        // Files written in place (renamed into it): a poll that fell between a file's creation
        // and its write would see it change twice, and report it again with the next change.
        let created = "\(directory)/new.lua"
        try "return {}".write(toFile: created, atomically: true, encoding: .utf8)
        try "ignored".write(toFile: "\(directory)/notes.txt", atomically: true, encoding: .utf8)
        try "---@meta".write(toFile: "\(directory)/types.d.lua", atomically: true, encoding: .utf8)
        #expect(await waitUntil { reports.paths.contains(created) })
        #expect(reports.paths == [created])

        /// The paths reported since the first `from` batches.
        func reported(since from: Int) -> Set<String> { Set(reports.batches.dropFirst(from).joined()) }
        var from = reports.batches.count
        try "return { changed = true }".write(toFile: plugin, atomically: true, encoding: .utf8)
        #expect(await waitUntil { reported(since: from).contains(plugin) })
        #expect(reported(since: from) == [plugin])
        from = reports.batches.count
        try FileManager.default.removeItem(atPath: created)
        #expect(await waitUntil { reported(since: from).contains(created) })
        #expect(reported(since: from) == [created])
    }
}
