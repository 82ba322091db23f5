import Foundation
import ScrimCore
import Testing
@testable import ScrimLua
import ScrimTestSupport

/// The handle bridges: the errors their fields and methods raise, verbatim.
@MainActor @Suite struct BridgeTableTests {
    /// Lua that defines `try(f)`: "ok", or the message `f` raised without its position.
    static let probe = """
        local function try(f)
          local ok, message = pcall(f)
          if ok then return "ok" end
          return (tostring(message):gsub("^[^:]+:%d+: ", ""))
        end

        """

    @Test func viewsGesturesAndAnimatorsRaiseTheirErrors() throws {
        let f = try BridgeFixture()
        let result = try f.run(Self.probe + """
            local v = scrim.View.new{}
            local g = scrim.PanGestureRecognizer.new{}
            local a = scrim.PropertyAnimator.new{ duration = 1 }
            return table.concat({
              try(function() v.id = "x" end),
              try(function() v.subviews = {} end),
              try(function() v.fram = 1 end),
              try(function() v.addSubview = 1 end),
              try(function() return v.addSubviw end),
              try(function() return v.zzzzzzzz end),
              try(function() v[1] = 2 end),
              try(function() return v[1] end),
              try(function() v.alpha = "x" end),
              try(function() v.addSubview(nil) end),
              try(function() g.state = "x" end),
              try(function() g.maximumNumberOfTouches = 1.5 end),
              try(function() return g.stat end),
              try(function() g.translationInView(nil) end),
              try(function() a.duration = 2 end),
              try(function() return a.isRuning end),
              try(function() a.startAnimation(nil) end),
            }, "\\n")
            """)
        #expect(result?.split(separator: "\n").map(String.init) == [
            "view.id is read-only",
            "view.subviews is read-only",
            "unknown field 'fram' on View; did you mean 'frame'?",
            "unknown field 'addSubview' on View; did you mean 'addSubview'?",
            "unknown field 'addSubviw' on View; did you mean 'addSubview'?",
            "unknown field 'zzzzzzzz' on View",
            "field: expected a string, got number",
            "field: expected a string, got number",
            "view.alpha: expected a number, got string",
            "addSubview: self: expected a view, got nil",
            "gesture.state is read-only",
            "maximumNumberOfTouches must be a whole number, got 1.5",
            "unknown field 'stat' on PanGestureRecognizer; did you mean 'state'?",
            "translationInView: self: expected a PanGestureRecognizer, got nil",
            "animator.duration is read-only",
            "unknown field 'isRuning' on PropertyAnimator; did you mean 'isRunning'?",
            "startAnimation: self: expected a PropertyAnimator, got nil",
        ])
    }

    @Test func contextsCoordinatorsAndViewControllersRaiseTheirErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bridge-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (Self.probe + """
            local stale
            local Probe = {}
            function Probe:transitionDuration() return 0 end
            function Probe:animateTransition(ctx)
              if stale then
                print(try(function() return stale.isAnimated end))
                print(try(function() stale.isAnimated = false end))
              else
                stale = ctx
                local vc = ctx:viewController("to")
                local c = vc.transitionCoordinator
                print(try(function() ctx.isAnimated = false end))
                print(try(function() ctx.foo = 1 end))
                print(try(function() return ctx.isAnimatd end))
                print(try(function() ctx.view(nil, "to") end))
                print(try(function() ctx:viewController("sideways") end))
                print(try(function() vc.title = "x" end))
                print(try(function() return vc.tittle end))
                print(try(function() c.isAnimated = 1 end))
                print(try(function() return c.isCanceled end))
                print(try(function() c.notifyWhenInteractionChanges(nil) end))
                print(try(function() c:notifyWhenInteractionChanges(nil) end))
              end
              ctx:completeTransition(true)
            end
            return Probe
            """).write(to: directory.appendingPathComponent("probe.lua"), atomically: true, encoding: .utf8)
        let library = try PluginLibrary(directories: [directory.path])
        var printed: [String] = []
        library.onLog = { _, _, text in printed.append(text) }
        #expect(library.loadAll() == ["probe"])
        let animator = try #require(try library.makeRole(.animator, named: "probe", options: [:]) as? any AnimatedTransitioning)
        let fixture = try TransitionFixture()
        let details = ViewController(id: "details")
        let delegate = FixtureDelegate(animator: animator)
        details.transitioningDelegate = delegate
        try fixture.root.present(details, animated: true)
        try fixture.advance(0.1)
        try details.dismiss(animated: true)
        try fixture.advance(0.1)
        #expect(printed == [
            "the context is read-only (field 'isAnimated')",
            "the context is read-only (field 'foo')",
            "unknown field 'isAnimatd' on the context; did you mean 'isAnimated'?",
            "view: self: expected a transition context, got nil",
            "viewController: the key must be \"from\" or \"to\", got \"sideways\"",
            "view controllers are read-only in plugins (field 'title')",
            "unknown field 'tittle' on ViewController; did you mean 'title'?",
            "the coordinator is read-only (field 'isAnimated')",
            "unknown field 'isCanceled' on the coordinator; did you mean 'isCancelled'?",
            "notifyWhenInteractionChanges: self: expected a transition coordinator, got nil",
            "notifyWhenInteractionChanges: expected a function, got nil",
            "context: the context's transition has ended",
            "the context is read-only (field 'isAnimated')",
        ])
    }
}
