import Foundation
import Scrim
import Testing

@MainActor @Suite struct PluginSmokeTests {
    /// A temporary plugin directory holding `files`.
    func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    @Test func aLuaAnimatorPresentsAndDismisses() throws {
        let plugins = try directory(["fade.lua": """
            local Fade = { duration = 0.5 }
            function Fade:animateTransition(ctx)
              local view = ctx:view(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then
                ctx.containerView:addSubview(view)
                view.frame = ctx:finalFrame(ctx:viewController("to"))
                view.alpha = 0
              end
              scrim.animate{ duration = self.duration, curve = "linear",
                animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end
            return Fade
            """])
        let host = try ScrimHost(plugins: plugins)
        #expect(host.plugins.map(\.name) == ["fade"])
        #expect(host.plugins.first?.roles == [.animator])
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "fade")
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 1.0 / 60 + 0.25)
        #expect(abs(details.view.presentation.alpha - 0.5) < 1e-9)
        host.advance(by: 0.26)
        #expect(completed == true)
        #expect(details.view.alpha == 1)
        try details.dismiss(animated: true)
        host.advance(by: 0.6)
        #expect(host.rootViewController.presentedViewController == nil)
    }

    @Test func aBrokenPluginIsADiagnosticAndAFailingOneCancelsTheTransition() throws {
        let plugins = try directory([
            "broken.lua": "local x = \nreturn {",
            "thrower.lua": "return { duration = 1, animateTransition = function(self, ctx)\n  error('no way')\nend }",
        ])
        let host = try ScrimHost(plugins: plugins)
        var published: [String] = []
        host.onDiagnostics { published.append("\($0)") }
        let broken = host.scriptDiagnostics.first { $0.key.hasSuffix("broken.lua") }?.value ?? []
        #expect(broken.count == 1)
        #expect(broken.first?.range.start.line == 1)
        let details = ViewController(id: "details")
        details.transitioningDelegate = try host.delegate(animator: "thrower")
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 0.1)
        #expect(completed == false)
        #expect(host.window.subviews.map(\.id) == ["root"])
        #expect(published.contains { $0.contains("thrower.lua:2:") && $0.contains("no way") })
    }
}
