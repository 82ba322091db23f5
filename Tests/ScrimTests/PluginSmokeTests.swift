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

@MainActor @Suite struct PluginLogTests {
    @Test func printAndLogAreTaggedWithThePluginAndTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try "print('hello', 42)\nscrim.log('from', true)\nreturn { duration = 1, animateTransition = function() end }"
            .write(to: url.appendingPathComponent("chatty.lua"), atomically: true, encoding: .utf8)
        let host = try ScrimHost(plugins: url)
        var lines: [String] = []
        host.onLog { lines.append("\($0.plugin):\($0.line ?? 0): \($0.text)") }
        host.reload()
        #expect(lines == ["chatty:1: hello\t42", "chatty:2: from\ttrue"])
    }
}

@MainActor @Suite struct PluginArgumentTests {
    @Test func handleGestureAndAnimationEndedReceiveTheirArguments() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-args-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try """
            local A = { duration = 1 }
            function A:animateTransition(ctx)
              if ctx.isPresenting then ctx.containerView:addSubview(ctx:view("to")) end
              local view = ctx:view(ctx.isPresenting and "to" or "from")
              scrim.animate{ duration = 1, curve = "linear", animations = function() view.alpha = ctx.isPresenting and 0.5 or 0.1 end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end
            function A:animationEnded(completed) print("ended", completed) end
            return A
            """.write(to: url.appendingPathComponent("anim.lua"), atomically: true, encoding: .utf8)
        try """
            return { percentDriven = true, handleGesture = function(self, g)
              print("gesture", g.state)
              if g.state == "changed" then self:updateInteractiveTransition(g:translationInView(nil).y / 844)
              elseif g.state == "ended" then self:finishInteractiveTransition() end
            end }
            """.write(to: url.appendingPathComponent("swipe.lua"), atomically: true, encoding: .utf8)
        let host = try ScrimHost(plugins: url)
        var lines: [String] = []
        host.onLog { lines.append($0.text) }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "anim")
        try host.rootViewController.present(details, animated: true)
        host.advance(by: 1.1)
        details.transitioningDelegate = try host.delegate(animator: "anim", interaction: "swipe")
        try details.dismiss(animated: true)
        host.advance(by: 1.0 / 60)
        try host.window.sendPan(.began, at: Point(x: 100, y: 100))
        try host.window.sendPan(.changed, at: Point(x: 100, y: 522))
        #expect(abs(details.view.presentation.alpha - 0.3) < 1e-9)
        try host.window.sendPan(.ended, at: Point(x: 100, y: 522))
        host.advance(by: 0.6)
        #expect(lines == ["ended\ttrue", "gesture\tbegan", "gesture\tchanged", "gesture\tended", "ended\ttrue"])
        #expect(host.rootViewController.presentedViewController == nil)
    }
}

@MainActor @Suite struct PluginFaultTests {
    func host(_ source: String, name: String = "faulty") throws -> ScrimHost {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try source.write(to: url.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
        return try ScrimHost(plugins: url)
    }

    func present(_ host: ScrimHost, seconds: Double) throws -> Bool? {
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "faulty")
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: seconds)
        return completed
    }

    func diagnostics(_ host: ScrimHost) -> [ScriptDiagnostic] {
        host.scriptDiagnostics.first { $0.key.hasSuffix("faulty.lua") }?.value ?? []
    }

    @Test func anErrorInsideAnAnimationCompletionIsContainedAndTheWindowRestored() throws {
        let host = try host("""
            local A = { duration = 0.3 }
            function A:animateTransition(ctx)
              local view = ctx:view("to")
              ctx.containerView:addSubview(view)
              local root = ctx:viewController("from").view
              scrim.animate{ duration = 0.3, animations = function() root.alpha = 0.2 end,
                completion = function() local broken = nil; broken.field = 1 end }
            end
            return A
            """)
        let root = host.rootViewController.view
        #expect(try present(host, seconds: 0.4) == false)
        #expect(root.alpha == 1 && root.presentation.alpha == 1)
        #expect(host.window.subviews.map(\.id) == ["root"])
        #expect(diagnostics(host).map(\.range.start.line) == [6])
        #expect(diagnostics(host).first?.message.contains("attempt to index a nil value") == true)
    }

    @Test func contractFaultsLandOnThePluginFile() throws {
        let host = try host("""
            local A = { duration = 0.2 }
            function A:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
            end
            return A
            """)
        #expect(try present(host, seconds: 2.5) == false)
        let found = diagnostics(host)
        #expect(found.count == 1)
        #expect(found.first?.range.start.line == 1)
        #expect(found.first?.message.contains("did not call completeTransition") == true)
    }

    @Test func aDurationOfTheWrongTypeIsAFault() throws {
        let host = try host("""
            local A = {}
            function A:transitionDuration(ctx) return "long" end
            function A:animateTransition(ctx) ctx:completeTransition(true) end
            return A
            """)
        #expect(try present(host, seconds: 0.1) == false)
        #expect(diagnostics(host).first?.message.contains("transitionDuration must return a number of seconds, got string") == true)
        #expect(diagnostics(host).first?.range.start.line == 1)
    }

    @Test func touchingAContextAfterItsTransitionEndedIsAClearError() throws {
        let host = try host("""
            local A = { duration = 0.1 }
            function A:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              scrim.animate(0.1, function() end, function()
                ctx:completeTransition(true)
                scrim.animate(0.1, function() end, function() local c = ctx.containerView end)
              end)
            end
            return A
            """)
        #expect(try present(host, seconds: 0.5) == true)
        #expect(diagnostics(host).first?.message.contains("the context's transition has ended") == true)
        #expect(diagnostics(host).first?.range.start.line == 5)
    }
}
