import Foundation
import ScrimCore
import ScrimHost
import ScrimTestSupport
import Testing

/// What the host reported: its reloads and its published script diagnostics.
@MainActor
final class ReloadRecorder {
    private(set) var reloads: [(name: String, generation: Int)] = []
    private(set) var published: [(path: String, count: Int)] = []

    init(_ host: ScrimHost) {
        host.onReload { [unowned self] reload in
            self.reloads.append((reload.plugin, reload.generation))
        }
        host.onDiagnostics { [unowned self] diagnostic in
            if case .script(let path, let list) = diagnostic { self.published.append((path, list.count)) }
        }
    }
}

@MainActor @Suite struct HotReloadTests {
    func plugin(duration: Double) -> String {
        "return { duration = \(duration), animateTransition = function(self, ctx) ctx:completeTransition(true) end }"
    }

    func makeDirectory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        return url
    }

    /// A watched host with one plugin, `fade.lua` (duration 0.5).
    func watchedFade() throws -> (directory: URL, host: ScrimHost, recorder: ReloadRecorder) {
        let directory = try makeDirectory(["fade.lua": plugin(duration: 0.5)])
        let host = try ScrimHost(plugins: directory)
        let recorder = ReloadRecorder(host)
        host.watch(true)
        return (directory, host, recorder)
    }

    @Test func aSaveReportedByTheEditorAndByTheWatcherReloadsOnce() async throws {
        let (directory, host, recorder) = try watchedFade()
        let file = directory.appendingPathComponent("fade.lua")
        try plugin(duration: 0.6).write(to: file, atomically: false, encoding: .utf8)
        // The editor's didSave gets there first: it reloads; the watcher's event finds the same text.
        #expect(host.reloadIfChanged(pluginAt: file.path) == "fade")
        #expect(host.reloadIfChanged(pluginAt: file.path) == nil)
        try plugin(duration: 0.1).write(to: directory.appendingPathComponent("marker.lua"), atomically: false, encoding: .utf8)
        #expect(await waitUntil { recorder.reloads.contains { $0.name == "marker" } })
        #expect(recorder.reloads.filter { $0.name == "fade" }.map(\.generation) == [host.plugins.first { $0.name == "fade" }?.generation])
    }

    @Test func rewritingAFileWithIdenticalTextDoesNotReloadIt() async throws {
        let (directory, host, recorder) = try watchedFade()
        let before = host.plugins[0].generation
        try plugin(duration: 0.5).write(to: directory.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        try plugin(duration: 0.1).write(to: directory.appendingPathComponent("marker.lua"), atomically: false, encoding: .utf8)
        #expect(await waitUntil { recorder.reloads.contains { $0.name == "marker" } })
        #expect(!recorder.reloads.contains { $0.name == "fade" })
        #expect(host.plugins.first { $0.name == "fade" }?.generation == before)
        // An explicit reload still reloads (the user asked for it).
        #expect(host.reload("fade") == ["fade"])
        #expect(host.plugins.first { $0.name == "fade" }?.generation == before + 2)
    }

    @Test func modifyingAFileReloadsItOnce() async throws {
        let directory = try makeDirectory(["fade.lua": plugin(duration: 0.5)])
        let host = try ScrimHost(plugins: directory)
        let recorder = ReloadRecorder(host)
        host.watch(true)
        let before = host.plugins[0].generation
        // Three writes in quick succession: one reload.
        for duration in [0.6, 0.7, 0.8] {
            try plugin(duration: duration).write(to: directory.appendingPathComponent("fade.lua"), atomically: false, encoding: .utf8)
        }
        #expect(await waitUntil { !recorder.reloads.isEmpty })
        // A later file's reload comes after anything still pending for the first: then count.
        try plugin(duration: 0.1).write(to: directory.appendingPathComponent("marker.lua"), atomically: false, encoding: .utf8)
        #expect(await waitUntil { recorder.reloads.contains { $0.name == "marker" } })
        #expect(recorder.reloads.filter { $0.name == "fade" }.count == 1)
        #expect(host.plugins.first { $0.name == "fade" }?.generation == before + 1)
        let animator = try host.delegate(animator: "fade").animationController(
            forDismissed: host.rootViewController)
        #expect(try animator?.transitionDuration(using: nil) == 0.8)
    }

    /// A linear fade of the presented view from 0 to `alpha` over `duration`.
    func fade(to alpha: Double, duration: Double) -> String {
        """
        return {
          transitionDuration = function(self, ctx) return \(duration) end,
          animateTransition = function(self, ctx)
            local view = ctx:view("to")
            if view ~= nil then
              ctx.containerView:addSubview(view)
              view.frame = ctx:finalFrame(ctx:viewController("to"))
              view.alpha = 0
            end
            scrim.animate{ duration = \(duration), curve = "linear",
              animations = function() if view ~= nil then view.alpha = \(alpha) end end,
              completion = function() ctx:completeTransition(true) end }
          end,
        }
        """
    }

    /// A watched host half-way (0.5 s) through a presentation by the 1 s fade to 0.25.
    @MainActor
    final class RunningFade {
        let directory: URL
        let host: ScrimHost
        let recorder: ReloadRecorder
        let delegate: any TransitioningDelegate
        let details = ViewController(id: "details")
        var completed: Bool?

        init(_ tests: HotReloadTests) throws {
            directory = try tests.makeDirectory(["fade.lua": tests.fade(to: 0.25, duration: 1)])
            host = try ScrimHost(plugins: directory)
            recorder = ReloadRecorder(host)
            host.watch(true)
            delegate = try host.delegate(animator: "fade")
            details.modalPresentationStyle = .fullScreen
            details.transitioningDelegate = delegate
            try host.rootViewController.present(details, animated: true) { [unowned self] in self.completed = $0 }
            host.advance(by: 0.5)
        }

        var file: URL { directory.appendingPathComponent("fade.lua") }
    }

    @Test func aRunningTransitionFinishesWithTheVersionItStartedWith() async throws {
        let running = try RunningFade(self)
        try fade(to: 0.75, duration: 2).write(to: running.file, atomically: false, encoding: .utf8)
        #expect(await waitUntil { !running.recorder.reloads.isEmpty })
        running.host.advance(by: 0.6)
        #expect(running.completed == true)
        #expect(abs(running.details.view.alpha - 0.25) < 1e-12)
        // New role objects are the new version.
        let fresh = try running.host.delegate(animator: "fade").animationController(forDismissed: running.details)
        #expect(try fresh?.transitionDuration(using: nil) == 2)
    }

    @Test func aDeletedPluginFinishesTheTransitionItIsRunning() async throws {
        let running = try RunningFade(self)
        try FileManager.default.removeItem(at: running.file)
        #expect(await waitUntil { running.host.plugins.isEmpty })
        #expect(abs(running.details.view.presentation.alpha - 0.125) < 0.01)
        running.host.advance(by: 0.6)
        #expect(running.completed == true)
        #expect(abs(running.details.view.alpha - 0.25) < 1e-12)
        #expect(throws: HostError.self) { _ = try running.host.delegate(animator: "fade") }
    }

    @Test func aFileSavedThroughARenameAndANewFileAreLoaded() async throws {
        let directory = try makeDirectory([:])
        let host = try ScrimHost(plugins: directory)
        let recorder = ReloadRecorder(host)
        host.watch(true)
        let temporary = directory.appendingPathComponent(".slide.lua.tmp")
        try plugin(duration: 0.3).write(to: temporary, atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: temporary, to: directory.appendingPathComponent("slide.lua"))
        #expect(await waitUntil { recorder.reloads.contains { $0.name == "slide" } })
        try plugin(duration: 0.4).write(to: directory.appendingPathComponent("other.lua"), atomically: false, encoding: .utf8)
        #expect(await waitUntil { recorder.reloads.contains { $0.name == "other" } })
        #expect(host.plugins.map(\.name) == ["other", "slide"])
    }

    @Test func aDeletedPluginIsRefusedForNewTransitions() async throws {
        let directory = try makeDirectory(["gone.lua": plugin(duration: 0.3)])
        let host = try ScrimHost(plugins: directory)
        let recorder = ReloadRecorder(host)
        host.watch(true)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("gone.lua"))
        #expect(await waitUntil { recorder.published.contains { $0.path.hasSuffix("gone.lua") } })
        #expect(host.plugins.isEmpty)
        #expect(throws: HostError.self) { _ = try host.delegate(animator: "gone") }
    }

    @Test func aBrokenSaveKeepsTheOldVersionUntilAFixedSave() async throws {
        let (directory, host, recorder) = try watchedFade()
        let file = directory.appendingPathComponent("fade.lua")
        try "return { duration = 0.5,\n  animateTransition = function(self, ctx) end end }".write(to: file, atomically: false, encoding: .utf8)
        #expect(await waitUntil { recorder.published.contains { $0.path.hasSuffix("fade.lua") && $0.count == 1 } })
        let broken = host.scriptDiagnostics.first { $0.key.hasSuffix("fade.lua") }?.value ?? []
        #expect(broken.first?.range.start.line == 1)
        #expect(host.plugins.map(\.name) == ["fade"])
        #expect(recorder.reloads.isEmpty)
        try plugin(duration: 0.9).write(to: file, atomically: false, encoding: .utf8)
        #expect(await waitUntil { !recorder.reloads.isEmpty })
        #expect(host.scriptDiagnostics.first { $0.key.hasSuffix("fade.lua") }?.value.isEmpty == true)
    }

    @Test func aDelegateMovesToTheNewVersionThroughOnReload() async throws {
        let version = { (label: String) in
            """
            local Delegate = {}
            function Delegate.new(options) return { count = 1 } end
            function Delegate:onReload(old) self.count = old.count + 1 end
            function Delegate:animationControllerForDismissed(vc)
              print("\(label) " .. self.count)
              return nil
            end
            return Delegate
            """
        }
        let directory = try makeDirectory(["keeper.lua": version("one")])
        let host = try ScrimHost(plugins: directory)
        let recorder = ReloadRecorder(host)
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        let delegate = try host.delegate(named: "keeper")
        #expect(try delegate.animationController(forDismissed: host.rootViewController) == nil)
        host.watch(true)
        try version("two").write(to: directory.appendingPathComponent("keeper.lua"), atomically: false, encoding: .utf8)
        #expect(await waitUntil { !recorder.reloads.isEmpty })
        #expect(try delegate.animationController(forDismissed: host.rootViewController) == nil)
        // The same delegate object now runs version two, with the state onReload carried over.
        #expect(printed == ["one 1", "two 2"])
        #expect((delegate as? NamedTransitionRole)?.roleName == "keeper")
    }
}
