import CLua
import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimLua
import ScrimHost

/// Swift-side work done for Lua is bounded like Lua's own: adding views costs what it walks
/// (never the whole window), the walk is charged to the budget, and the objects plugins create
/// count against the memory limit.
@MainActor @Suite struct HostObjectTests {
    @Test func theWindowCountsIdsAsViewsJoinAndLeave() throws {
        let window = Window(engine: AnimationEngine(clock: try ManualClock(frameRate: 60)))
        let card = View(id: "card")
        card.addSubview(View(id: "card.title"))
        #expect(window.viewCount(withID: "card.title") == 0)
        window.addSubview(card)
        #expect(window.viewCount(withID: "card") == 1)
        #expect(window.viewCount(withID: "card.title") == 1)
        #expect(window.viewCount(withID: "window") == 1)
        // Moving inside the window changes nothing; leaving it forgets the whole subtree.
        let holder = View(id: "holder")
        window.addSubview(holder)
        holder.addSubview(card)
        #expect(window.viewCount(withID: "card.title") == 1)
        card.removeFromSuperview()
        #expect(window.viewCount(withID: "card") == 0)
        #expect(window.viewCount(withID: "card.title") == 0)
    }

    @Test func addingAViewWalksItsSubtreeNotTheWindow() throws {
        // 20 000 views in the window: each add used to rebuild a dictionary of all of them (33 s);
        // now each add pays for the added view and its ancestors only, and 20 000 of them fit in
        // the default budget. (No time limit: what is checked is the budget, and a sanitizer makes
        // Scrim's calls several times slower.)
        let f = try BridgeFixture(limits: .init(timeLimit: .zero))
        #expect(try f.run("""
            local root = scrim.View.new{ id = 'root' }
            window:addSubview(root)
            for i = 1, 20000 do root:addSubview(scrim.View.new{}) end
            return #root.subviews
            """) == "20000")
        #expect(f.window.viewCount(withID: "root") == 1)
    }

    @Test func addingALargeSubtreeIsChargedToTheBudget() throws {
        let f = try BridgeFixture(limits: .init(instructionBudget: 2_000_000, timeLimit: .zero))
        let message = f.failure("""
            local big = scrim.View.new{}
            for i = 1, 2000 do big:addSubview(scrim.View.new{}) end
            while true do
              window:addSubview(big)
              big:removeFromSuperview()
            end
            """)
        #expect(message.contains("instruction budget exceeded (2000000 instructions)"), "\(message)")
    }

    /// 400 levels counting the window: its snapshot stays within the protocol's JSON nesting limit.
    @Test func viewsNestAtMost400Levels() throws {
        let f = try BridgeFixture(limits: .init(timeLimit: .zero))
        let message = f.failure("""
            local top = scrim.View.new{}
            window:addSubview(top)
            for i = 1, 1200 do
              local child = scrim.View.new{}
              top:addSubview(child)
              top = child
            end
            """)
        #expect(message.contains("test.lua:5: views nest at most 400 levels deep; this would make 401"), "\(message)")
    }

    @Test func objectsPluginsCreateCountAgainstTheMemoryLimit() throws {
        let f = try BridgeFixture(limits: .init(memoryLimit: 8 << 20))
        let message = f.failure("""
            kept = scrim.View.new{}
            for _ = 1, 20 do kept:addSubview(kept:snapshot()) end
            """)
        #expect(message.contains("test.lua:2: memory limit exceeded (8388608 bytes) making a view: plugins hold"), "\(message)")
        // Released, they stop counting: the next call can make views again.
        #expect(try f.run("kept = nil return tostring(scrim.View.new{} ~= nil)") == "true")
        f.runtime.state.withUnsafeState { L in _ = scrim_lua_gc_collect(L) }
        #expect(try f.run("local v = scrim.View.new{} for _ = 1, 12 do v:addSubview(v:snapshot()) end return 'made'") == "made")
    }
}

/// A released host's watcher stops its source and closes its inotify descriptor (the watcher has
/// no thread of its own: its source runs on the main queue). Where inotify cannot be had (its
/// instances run out on a busy machine) the watcher polls, and the polling timer must stop too.
@MainActor @Suite struct WatcherLifetimeTests {
    @Test(arguments: [false, true]) func aReleasedHostStopsItsWatchersSource(pollingOnly: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var host: ScrimHost? = try ScrimHost(pluginDirectories: [directory])
        host?.watch(true, pollingOnly: pollingOnly)
        let token = try #require(host?.watcherSourceToken)
        #expect(PluginWatcher.runningSources.contains(token))
        host = nil
        // The cancel handler runs on the main queue, while the test waits.
        #expect(await waitUntil { !PluginWatcher.runningSources.contains(token) })
    }
}
