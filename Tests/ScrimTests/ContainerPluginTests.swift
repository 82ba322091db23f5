import Foundation
import Scrim
import ScrimTestSupport
import Testing
import ScrimHost

/// A navigation delegate that vends the animator a host makes for a plugin name.
@MainActor
final class PluginNavigationDelegate: NavigationControllerDelegate {
    let animator: any AnimatedTransitioning

    init(host: ScrimHost, animator name: String) throws {
        let vendor = try host.delegate(animator: name)
        animator = try vendor.animationController(forDismissed: host.rootViewController)!
    }

    func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? { animator }
}

/// A Lua animator in a navigation controller's push and pop: `ctx.operation`, both views.
@MainActor @Suite struct ContainerPluginTests {
    @Test func aLuaAnimatorSeesTheOperationAndBothViews() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-containers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            local A = {}
            function A:transitionDuration(ctx) return 0.2 end
            function A:animateTransition(ctx)
              local from, to = ctx:view("from"), ctx:view("to")
              print(ctx.operation, ctx.isPresenting, from.id, to.id, tostring(ctx:finalFrame(ctx:viewController("to"))))
              local shown = ctx:viewController("to")
              local nav = shown.navigationController
              local ids = {}
              for _, child in ipairs(nav.children) do ids[#ids + 1] = child.id end
              print(nav.id, shown.parent == nav, table.concat(ids, ","), tostring(shown.tabBarController), tostring(nav.parent))
              ctx.containerView:addSubview(to)
              ctx:completeTransition(true)
            end
            return A
            """.write(to: directory.appendingPathComponent("slide.lua"), atomically: true, encoding: .utf8)
        let list = ViewController(id: "list")
        let navigation = NavigationController(id: "nav", rootViewController: list)
        let host = try ScrimHost(pluginDirectories: [directory], rootViewController: navigation)
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        navigation.delegate = try PluginNavigationDelegate(host: host, animator: "slide")
        try navigation.pushViewController(ViewController(id: "detail"), animated: true)
        host.advance(by: 2)
        try navigation.popViewController(animated: true)
        host.advance(by: 2)
        #expect(printed == [
            "push\ttrue\tlist\tdetail\tRect(0, 0, 390, 844)", "nav\ttrue\tlist,detail\tnil\tnil",
            "pop\tfalse\tdetail\tlist\tRect(0, 0, 390, 844)", "nav\ttrue\tlist,detail\tnil\tnil",
        ])
        #expect(navigation.viewControllers.map(\.id) == ["list"])
        let diagnostics = host.scriptDiagnostics.values.flatMap { $0 }
        #expect(diagnostics.isEmpty)
    }

    /// A delegate plugin playing a navigation and a tab bar controller's delegate.
    static let containerDelegate = """
        local D = {}
        function D:animationControllerForOperation(operation, from, to)
          print("operation", operation, from.id, to.id)
          if operation == "push" then return scrim.plugin("slide", {}) end
          return nil
        end
        function D:willShow(vc, animated) print("willShow", vc.id, animated) end
        function D:didShow(vc, animated) print("didShow", vc.id, animated) end
        function D:shouldSelect(vc) print("shouldSelect", vc.id) return vc.id ~= "locked" end
        function D:didSelect(vc) print("didSelect", vc.id) end
        function D:animationControllerForTab(from, to) print("tab", from.id, to.id) return "slide" end
        return D
        """

    static let slide = """
        local A = {}
        function A:transitionDuration(ctx) return 0.2 end
        function A:animateTransition(ctx)
          print("animate", ctx.operation)
          ctx.containerView:addSubview(ctx:view("to"))
          ctx:completeTransition(true)
        end
        return A
        """

    func host(rootViewController: ViewController) throws -> (ScrimHost, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-containers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.containerDelegate.write(to: directory.appendingPathComponent("nav.lua"), atomically: true, encoding: .utf8)
        try Self.slide.write(to: directory.appendingPathComponent("slide.lua"), atomically: true, encoding: .utf8)
        return (try ScrimHost(pluginDirectories: [directory], rootViewController: rootViewController), directory)
    }

    @Test func aDelegatePluginIsANavigationControllersDelegate() throws {
        let list = ViewController(id: "list")
        let navigation = NavigationController(id: "nav", rootViewController: list)
        let (host, directory) = try host(rootViewController: navigation)
        defer { try? FileManager.default.removeItem(at: directory) }
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        #expect(host.plugins.first { $0.name == "nav" }?.roles == [.delegate])
        navigation.delegate = try #require(try host.delegate(named: "nav") as? any NavigationControllerDelegate)
        try navigation.pushViewController(ViewController(id: "detail"), animated: true)
        host.advance(by: 1)
        try navigation.popViewController(animated: true)
        host.advance(by: 1)
        #expect(printed == [
            "operation\tpush\tlist\tdetail", "willShow\tdetail\ttrue", "animate\tpush", "didShow\tdetail\ttrue",
            "operation\tpop\tdetail\tlist", "willShow\tlist\ttrue", "didShow\tlist\ttrue",
        ])
        #expect(navigation.viewControllers.map(\.id) == ["list"])
    }

    @Test func aDelegatePluginIsATabBarControllersDelegate() throws {
        let tabs = TabBarController(id: "tabs", viewControllers: [ViewController(id: "a"), ViewController(id: "locked"), ViewController(id: "c")])
        let (host, directory) = try host(rootViewController: tabs)
        defer { try? FileManager.default.removeItem(at: directory) }
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        tabs.delegate = try #require(try host.delegate(named: "nav") as? any TabBarControllerDelegate)
        #expect(try tabs.selectTab(at: 1) == false)
        #expect(try tabs.selectTab(at: 2))
        host.advance(by: 1)
        #expect(tabs.selectedIndex == 2)
        #expect(printed == ["shouldSelect\tlocked", "shouldSelect\tc", "tab\ta\tc", "animate\ttab", "didSelect\tc"])
    }

    /// `tabs:selectTab(i)` from Lua selects as a user's tap: `shouldSelect` is asked (a refusal
    /// answers false and calls the completion with false), the switch runs on the next tick with the
    /// delegate's animator, `didSelect` is told; a tab out of range raises, 1-based.
    @Test func pluginsSelectTabsAsAUsersTapDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-containers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.slide.write(to: directory.appendingPathComponent("slide.lua"), atomically: true, encoding: .utf8)
        try """
            local D = {}
            function D:shouldSelect(vc) print("shouldSelect", vc.id) return vc.id ~= "locked" end
            function D:animationControllerForTab(from, to) return "slide" end
            function D:didSelect(vc)
              print("didSelect", vc.id, vc.tabBarController.selectedIndex)
              if vc.id ~= "c" then return end
              local tabs = vc.tabBarController
              print("locked", tabs:selectTab(2, function(done) print("locked completion", done) end))
              print(pcall(tabs.selectTab, tabs, 4))
              print(pcall(vc.selectTab, vc, 1))
              print("a", tabs:selectTab(1, function(done) print("a completion", done, tabs.selectedIndex) end))
            end
            return D
            """.write(to: directory.appendingPathComponent("tabdelegate.lua"), atomically: true, encoding: .utf8)
        let tabs = TabBarController(id: "tabs", viewControllers: [ViewController(id: "a"), ViewController(id: "locked"), ViewController(id: "c")])
        let host = try ScrimHost(pluginDirectories: [directory], rootViewController: tabs)
        var printed: [String] = []
        host.onLog { printed.append($0.text.replacingOccurrences(of: directory.path + "/", with: "")) }
        tabs.delegate = try #require(try host.delegate(named: "tabdelegate") as? any TabBarControllerDelegate)
        #expect(try tabs.selectTab(at: 2))
        host.advance(by: 1)
        host.advance(by: 1)
        #expect(printed == [
            "shouldSelect\tc", "animate\ttab", "didSelect\tc\t3",
            "shouldSelect\tlocked", "locked completion\tfalse", "locked\tfalse",
            "false\tselectTab: tab bar controller 'tabs' has no tab 4: its tabs are 1…3",
            "false\tselectTab: 'c' is not a tab bar controller",
            "shouldSelect\ta", "a\ttrue", "animate\ttab", "didSelect\ta\t1", "a completion\ttrue\t1",
        ])
        #expect(tabs.selectedIndex == 0)
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func pluginsPushAndPopThroughViewControllerMethods() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-containers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            local D = {}
            function D:didShow(vc, animated)
              local nav = vc.navigationController
              print("didShow", vc.id, #nav.viewControllers, nav.topViewController.id)
              if vc.id == "c" then
                local ok, message = pcall(function() vc:push(vc, true) end)
                print(ok, (tostring(message):gsub("^[^:]+:%d+: ", "")))
                nav:popTo(nav.viewControllers[1], true)
              end
            end
            return D
            """.write(to: directory.appendingPathComponent("back.lua"), atomically: true, encoding: .utf8)
        let a = ViewController(id: "a")
        let navigation = NavigationController(id: "nav", rootViewController: a)
        let host = try ScrimHost(pluginDirectories: [directory], rootViewController: navigation)
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        navigation.delegate = try #require(try host.delegate(named: "back") as? any NavigationControllerDelegate)
        try navigation.setViewControllers([a, ViewController(id: "b"), ViewController(id: "c")], animated: true)
        host.advance(by: 1)
        host.advance(by: 1)
        #expect(printed == [
            "didShow\tc\t3\tc", "false\tpush: 'c' is not a navigation controller", "didShow\ta\t1\ta",
        ])
        #expect(navigation.viewControllers.map(\.id) == ["a"])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    /// The shipped slide.lua, a push-style parallax, animates a navigation controller's push and
    /// pop when a delegate made from its name is the navigation controller's.
    @Test func theShippedSlideAnimatesPushesAndPops() throws {
        let list = ViewController(id: "list")
        let navigation = NavigationController(id: "nav", rootViewController: list)
        let host = try ScrimHost(plugins: Repository.plugins, clock: .manual(frameRate: 120), rootViewController: navigation)
        navigation.delegate = TransitioningNavigationDelegate.make(for: try host.delegate(animator: "slide"))
        let detail = ViewController(id: "detail")
        try navigation.pushViewController(detail, animated: true)
        host.advance(by: 1.0 / 120)
        host.advance(by: 0.175)
        // Half way through 0.35 s of ease-in-out: half in, and 0.3 × 390 × 0.5 to the left.
        #expect(abs(detail.view.presentation.frame.minX - 195) < 1e-6)
        #expect(abs(list.view.presentation.frame.minX + 58.5) < 1e-6)
        host.advance(by: 0.2)
        #expect(navigation.viewControllers.map(\.id) == ["list", "detail"])
        try navigation.popViewController(animated: true)
        host.advance(by: 1.0 / 120)
        host.advance(by: 0.175)
        #expect(abs(detail.view.presentation.frame.minX - 195) < 1e-6)
        #expect(abs(list.view.presentation.frame.minX + 58.5) < 1e-6)
        host.advance(by: 0.2)
        #expect(navigation.viewControllers.map(\.id) == ["list"])
        #expect(list.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    /// A Lua navigation delegate vending an animator registered in Swift (the reverse, a Swift
    /// delegate vending a Lua animator, is `theShippedSlideAnimatesPushesAndPops`).
    @Test func aLuaNavigationDelegateVendsASwiftAnimator() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-containers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            local Chooser = {}
            function Chooser:animationControllerForOperation(operation, from, to)
              print(operation, from.id, to.id)
              return "swiftSlide"
            end
            return Chooser
            """.write(to: directory.appendingPathComponent("chooser.lua"), atomically: true, encoding: .utf8)
        let list = ViewController(id: "list")
        let navigation = NavigationController(id: "nav", rootViewController: list)
        let host = try ScrimHost(pluginDirectories: [directory], rootViewController: navigation)
        host.register(animator: "swiftSlide") { _ in SlideAnimator(duration: 0.5) }
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        let fixture = TransitionFixture(window: host.window, clock: try #require(host.clock as? ManualClock))
        navigation.delegate = try #require(try host.delegate(named: "chooser") as? any NavigationControllerDelegate)
        let detail = ViewController(id: "detail")
        try navigation.pushViewController(detail, animated: true)
        host.advance(by: 1.0 / 60 + 0.25)
        // SlideAnimator: linear, from the right edge; half way after 0.25 of 0.5 s.
        #expect(abs(detail.view.presentation.frame.minX - 195) < 1e-9)
        host.advance(by: 0.3)
        #expect(navigation.viewControllers.map(\.id) == ["list", "detail"])
        try navigation.popViewController(animated: true)
        host.advance(by: 1.0 / 60 + 0.25)
        #expect(abs(detail.view.presentation.frame.minX - 195) < 1e-9)
        host.advance(by: 0.3)
        #expect(navigation.viewControllers.map(\.id) == ["list"])
        #expect(printed == ["push\tlist\tdetail", "pop\tdetail\tlist"])
        #expect(fixture.trace.filter { $0.hasPrefix("animateTransition") } == ["animateTransition(slide)", "animateTransition(slide)"])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }
}
