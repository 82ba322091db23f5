import Dispatch
import Foundation
import Testing
@testable import ScrimLua

/// The watcher's polling fallback (used where inotify is unavailable) sees the same changes.
@MainActor @Suite struct PluginWatcherTests {
    /// Collects reported paths and wakes a waiter when `condition` holds (bounded wait, no sleeps).
    @MainActor
    final class Reports {
        var batches: [[String]] = []
        var waiter: (condition: () -> Bool, continuation: CheckedContinuation<Bool, Never>)?

        func add(_ batch: [String]) {
            batches.append(batch)
            if let waiter, waiter.condition() {
                self.waiter = nil
                waiter.continuation.resume(returning: true)
            }
        }

        func wait(upTo seconds: Double = 30, until condition: @escaping () -> Bool) async -> Bool {
            if condition() { return true }
            return await withCheckedContinuation { continuation in
                waiter = (condition, continuation)
                DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, let waiter = self.waiter else { return }
                        self.waiter = nil
                        waiter.continuation.resume(returning: false)
                    }
                }
            }
        }

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

        let created = "\(directory)/new.lua"
        try "return {}".write(toFile: created, atomically: false, encoding: .utf8)
        try "ignored".write(toFile: "\(directory)/notes.txt", atomically: false, encoding: .utf8)
        try "---@meta".write(toFile: "\(directory)/types.d.lua", atomically: false, encoding: .utf8)
        #expect(await reports.wait { reports.paths.contains(created) })
        #expect(reports.paths == [created])

        try "return { changed = true }".write(toFile: plugin, atomically: false, encoding: .utf8)
        #expect(await reports.wait { reports.batches.last == [plugin] })
        try FileManager.default.removeItem(atPath: created)
        #expect(await reports.wait { reports.batches.last == [created] })
    }
}
