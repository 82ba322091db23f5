import Foundation
import ScrimCore
import ScrimHost
import ScrimTestSupport
import Testing

/// Every `on…` observer of a host returns a `ScrimHost.Observation` whose `remove()` stops its
/// calls, and removing twice is harmless (Docs/Embedding.md, "Observers").
@MainActor @Suite struct HostObservationTests {
    static let fade = """
        local Fade = {}
        function Fade:transitionDuration(ctx) return 0.1 end
        function Fade:animateTransition(ctx)
          print("animating")
          ctx.containerView:addSubview(ctx:view("to"))
          ctx:completeTransition(true)
        end
        return Fade
        """

    /// A host whose plugin directory holds `fade.lua`, and that directory.
    func host() throws -> (ScrimHost, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-observers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.fade.write(to: directory.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        return (try ScrimHost(plugins: directory), directory)
    }

    /// Presents with the `fade` plugin, reloads it, has a Swift animator fault, and dismisses.
    func exercise(_ host: ScrimHost) throws {
        let details = ViewController(id: "details")
        details.transitioningDelegate = try host.delegate(animator: "fade")
        try host.rootViewController.present(details, animated: true)
        host.advance(by: 0.2)
        host.reload("fade")
        host.register(animator: "broken") { _ in throw SceneFailure() }
        let other = ViewController(id: "other")
        other.transitioningDelegate = try host.delegate(animator: "broken")
        try details.present(other, animated: true)
        host.advance(by: 0.2)
        try details.dismiss(animated: false)
        host.advance(by: 0.1)
    }

    struct SceneFailure: Error {}

    @Test func removeStopsEveryKindOfObserverAndRemovingTwiceIsHarmless() throws {
        let (host, directory) = try host()
        defer { try? FileManager.default.removeItem(at: directory) }
        var heard: [String: Int] = [:]
        let observations = [
            host.onFrame { _ in heard["frame", default: 0] += 1 },
            host.onTransition { _ in heard["transition", default: 0] += 1 },
            host.onDiagnostics { _ in heard["diagnostics", default: 0] += 1 },
            host.onReload { reload in
                #expect(reload.plugin == "fade")
                heard["reload", default: 0] += 1
            },
            host.onLog { logged in
                #expect(logged.plugin == "fade" && logged.text == "animating" && logged.line == 4)
                heard["log", default: 0] += 1
            },
        ]
        try exercise(host)
        #expect(Set(heard.keys) == ["frame", "transition", "diagnostics", "reload", "log"])
        #expect(heard.values.allSatisfy { $0 > 0 })

        let before = heard
        for observation in observations { observation.remove() }
        try exercise(host)
        #expect(heard == before)
        for observation in observations { observation.remove() }
        #expect(heard == before)
    }

    @Test func removingOneObserverLeavesTheOthers() throws {
        let (host, directory) = try host()
        defer { try? FileManager.default.removeItem(at: directory) }
        var reloads: [String] = []
        let first = host.onReload { reloads.append("first \($0.generation)") }
        host.onReload { reloads.append("second \($0.generation)") }
        host.reload("fade")
        first.remove()
        host.reload("fade")
        #expect(reloads == ["first 2", "second 2", "second 3"])
    }
}
