import Foundation
import ScrimTestSupport
import ScrimCore
import Testing
@testable import ScrimServer
import ScrimJSON

/// Scenes with container kinds, `scrim/pop`, `scrim/selectTab` and the snapshot's `kind`,
/// `parent` and `children` (Docs/Protocol.md, "Reference" and "Scenes").
@MainActor @Suite struct ContainerMethodTests {
    static func view(_ width: Double = 390, _ height: Double = 844) -> JSONValue {
        ["frame": ["x": 0, "y": 0, "width": .double(width), "height": .double(height)]]
    }

    /// A tab bar controller `tabs` whose first tab is a navigation controller `nav` with the stack
    /// `list`, `detail`, and whose second tab is `settings`.
    static let scene: JSONValue = [
        "window": ["width": 390, "height": 844], "root": "tabs",
        "viewControllers": [
            ["id": "tabs", "kind": "tabBar", "view": view(), "children": ["nav", "settings"]],
            ["id": "nav", "kind": "navigation", "view": view(), "children": ["list", "detail"]],
            ["id": "list", "view": view()],
            ["id": "detail", "view": view()],
            ["id": "settings", "view": view()],
        ],
    ]

    func started() -> ServerHarness {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.scene])
        return h
    }

    func entry(_ h: ServerHarness, _ id: String) -> JSONValue? {
        h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == .string(id) }
    }

    @Test func containerScenesBuildTheirStacksAndTabsAndTheSnapshotShowsThem() throws {
        let h = started()
        #expect(entry(h, "tabs")?["kind"] == "tabBar")
        #expect(entry(h, "tabs")?["children"] == ["nav", "settings"])
        #expect(entry(h, "tabs")?["parent"] == .null)
        #expect(entry(h, "nav")?["kind"] == "navigation")
        #expect(entry(h, "nav")?["children"] == ["list", "detail"])
        #expect(entry(h, "nav")?["parent"] == "tabs")
        #expect(entry(h, "detail")?["isViewInWindow"] == true)
        #expect(entry(h, "list")?["isViewInWindow"] == false)
        #expect(entry(h, "settings")?["isViewInWindow"] == false)
        #expect(entry(h, "list")?["kind"] == "plain")
    }

    @Test func popAnimatesTheTopAwayAndAnswersWhatItPopped() throws {
        let h = started()
        let answer = h.result("scrim/pop", ["navigationController": "nav"])
        #expect(answer["popped"] == ["detail"])
        let transition = try #require(answer["transition"]?.intValue)
        h.result("scrim/advance", ["seconds": 0.5])
        let began = try #require(h.notifications("scrim/transitionDidBegin").last)
        #expect(began["transition"]?.intValue == transition)
        #expect(began["kind"] == "pop")
        #expect(h.notifications("scrim/transitionDidEnd").last?["completed"] == true)
        #expect(entry(h, "nav")?["children"] == ["list"])
        #expect(entry(h, "detail")?["parent"] == .null)
        // The root cannot be popped: nothing to do.
        #expect(h.result("scrim/pop", ["navigationController": "nav", "to": "root"]) == ["popped": []])
    }

    @Test func selectTabSwitchesAtOnceWithoutAnimator() throws {
        let h = started()
        let answer = h.result("scrim/selectTab", ["tabBarController": "tabs", "index": 1])
        let transition = try #require(answer["transition"]?.intValue)
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/transitionDidBegin").last?["kind"] == "tab")
        #expect(h.notifications("scrim/transitionDidEnd").last?["transition"]?.intValue == transition)
        #expect(entry(h, "settings")?["isViewInWindow"] == true)
        #expect(entry(h, "detail")?["isViewInWindow"] == false)
        // The selected tab again: nothing starts.
        #expect(h.result("scrim/selectTab", ["tabBarController": "tabs", "index": 1]) == [:])
    }

    @Test func containerRequestsOnTheWrongViewControllerOrIndexNameTheField() throws {
        let h = started()
        let notNavigation = h.request("scrim/pop", ["navigationController": "tabs"])
        #expect(notNavigation.errorCode == 1010)
        #expect(notNavigation.errorMessage == "params.navigationController: 'tabs' is not a navigation controller")
        let notInStack = h.request("scrim/pop", ["navigationController": "nav", "to": "settings"])
        #expect(notInStack.errorCode == 1010)
        #expect(notInStack.errorMessage == "params.to: 'settings' is not in the stack of navigation controller 'nav'")
        let notTabs = h.request("scrim/selectTab", ["tabBarController": "nav", "index": 0])
        #expect(notTabs.errorCode == 1010)
        let unknown = h.request("scrim/selectTab", ["tabBarController": "nope", "index": 0])
        #expect(unknown.errorCode == 1001)
        let outOfRange = h.request("scrim/selectTab", ["tabBarController": "tabs", "index": 2])
        #expect(outOfRange.errorCode == -32602)
        #expect(outOfRange.errorMessage == "params.index: expected a tab index from 0 to 1, got 2")
        // While a pop runs, another is 1002 and changes nothing.
        h.result("scrim/pop", ["navigationController": "nav"])
        #expect(h.request("scrim/selectTab", ["tabBarController": "tabs", "index": 1]).errorCode == 1002)
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(entry(h, "tabs")?["children"] == ["nav", "settings"])
        #expect(entry(h, "list")?["isViewInWindow"] == true)
    }

    @Test func aSceneWithAnImpossibleContainerIsRefusedWhole() throws {
        let h = ServerHarness()
        h.start()
        let split: JSONValue = [
            "window": ["width": 390, "height": 844], "root": "split",
            "viewControllers": [
                ["id": "split", "kind": "split", "view": Self.view(), "children": ["a", "b", "c"]],
                ["id": "a", "view": Self.view()], ["id": "b", "view": Self.view()], ["id": "c", "view": Self.view()],
            ],
        ]
        let tooMany = h.request("scrim/loadScene", ["scene": split])
        #expect(tooMany.errorCode == 1005)
        #expect(tooMany.errorMessage == "params.scene.viewControllers[0].children: a split view controller has a primary and a secondary view controller, got 3")
        let nested: JSONValue = [
            "window": ["width": 390, "height": 844], "root": "outer",
            "viewControllers": [
                ["id": "outer", "kind": "navigation", "view": Self.view(), "children": ["inner"]],
                ["id": "inner", "kind": "navigation", "view": Self.view()],
            ],
        ]
        let navInNav = h.request("scrim/loadScene", ["scene": nested])
        #expect(navInNav.errorCode == 1005)
        #expect(navInNav.errorMessage == "params.scene.viewControllers[0].children: navigation controller 'inner' cannot be in the stack of navigation controller 'outer'")
        let badKind = h.request("scrim/loadScene", ["scene": [
            "window": ["width": 390, "height": 844], "root": "a",
            "viewControllers": [["id": "a", "kind": "drawer", "view": Self.view()]],
        ]])
        #expect(badKind.errorCode == 1005)
        #expect(badKind.errorMessage == #"params.scene.viewControllers[0].kind: expected one of "plain", "navigation", "tabBar", "split", got "drawer""#)
    }

    @Test func panEventsAtTheLeftEdgeDriveTheInteractivePop() throws {
        let h = started()
        func pan(_ phase: String, _ x: Double) {
            h.result("scrim/input", ["type": "pan", "phase": .string(phase), "location": ["x": .double(x), "y": 400]])
        }
        pan("began", 10)
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        let began = try #require(h.notifications("scrim/transitionDidBegin").last)
        #expect(began["kind"] == "pop")
        #expect(began["interactive"] == true)
        pan("changed", 120)
        h.result("scrim/advance", ["seconds": 0.2])
        pan("changed", 260)
        h.result("scrim/advance", ["seconds": 0.2])
        pan("ended", 262)
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.notifications("scrim/transitionDidEnd").last?["completed"] == true)
        #expect(entry(h, "nav")?["children"] == ["list"])
        #expect(entry(h, "list")?["isViewInWindow"] == true)
    }

    /// A finger down at x = 100, outside the edge-swipe's 20 pt: the edge recognizer does not
    /// take the pan, which is in progress all the same (UIKit delivers a touch's moves whether or
    /// not a recognizer recognized it): its moves are accepted and nothing pops.
    @Test func aPanOutsideTheEdgeIsAcceptedAndPopsNothing() throws {
        let h = started()
        func pan(_ phase: String, _ x: Double) -> JSONValue {
            h.result("scrim/input", ["type": "pan", "phase": .string(phase), "location": ["x": .double(x), "y": 400]])
        }
        #expect(pan("began", 100) == ["received": false])
        h.result("scrim/advance", ["seconds": 0.2])
        #expect(pan("changed", 250) == ["received": false])
        #expect(pan("ended", 300) == ["received": false])
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.notifications("scrim/transitionDidBegin").isEmpty)
        #expect(entry(h, "nav")?["children"] == ["list", "detail"])
        // At the edge, the same gesture is the edge swipe's.
        #expect(pan("began", 10) == ["received": true])
    }

    /// `nav` holding `list`, and a template `detail` with a title view.
    static let pushScene: JSONValue = [
        "window": ["width": 390, "height": 844], "root": "nav",
        "viewControllers": [
            ["id": "nav", "kind": "navigation", "view": view(), "children": ["list"]],
            ["id": "list", "view": view()],
            ["id": "detail", "view": ["frame": ["x": 0, "y": 0, "width": 390, "height": 844],
                                      "subviews": [["id": "detail.title", "frame": ["x": 20, "y": 60, "width": 350, "height": 44]]]]],
        ],
    ]

    @Test func pushMakesFreshInstancesOfADeclaredViewController() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.pushScene])
        let first = h.result("scrim/push", ["navigationController": "nav", "viewController": "detail"])
        #expect(first["viewController"] == "detail")
        #expect(first["transition"]?.intValue != nil)
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(h.notifications("scrim/transitionDidBegin").last?["kind"] == "push")
        let second = h.result("scrim/push", ["navigationController": "nav", "viewController": "detail", "animated": false])
        #expect(second["viewController"] == "detail#2")
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(entry(h, "nav")?["children"] == ["list", "detail", "detail#2"])
        #expect(entry(h, "detail#2")?["parent"] == "nav")
        #expect(entry(h, "detail#2")?["isViewInWindow"] == true)
        let ids = h.result("scrim/snapshot")["window"].map { Self.ids(in: $0) } ?? []
        #expect(ids.contains("detail.title#2"))
        // Popped and released, the instance is gone and its id free again.
        h.result("scrim/pop", ["navigationController": "nav", "animated": false])
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(entry(h, "detail#2") == nil)
        let third = h.result("scrim/push", ["navigationController": "nav", "viewController": "detail", "animated": false])
        #expect(third["viewController"] == "detail#2")
    }

    @Test func pushWithADelegateUsesItsAnimatorAndRefusalsNameTheField() throws {
        let directory = try temporaryDirectory([
            "fade.lua": "local F = {}\nfunction F:transitionDuration(ctx) return 0.3 end\nfunction F:animateTransition(ctx) ctx.containerView:addSubview(ctx:view('to')) ctx:completeTransition(true) end\nreturn F\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)], "trace": true])
        h.result("scrim/loadScene", ["scene": Self.pushScene])
        h.result("scrim/push", ["navigationController": "nav", "viewController": "detail", "delegate": ["animator": "fade"]])
        h.result("scrim/advance", ["seconds": 0.5])
        let steps = h.notifications("scrim/trace").map { "\($0["step"]?.stringValue ?? "")(\($0["object"]?.stringValue ?? ""))" }
        #expect(steps.contains("transitionDuration(fade)"))
        #expect(steps.contains("willMoveToParent(detail)"))
        #expect(entry(h, "nav")?["children"] == ["list", "detail"])

        let unknown = h.request("scrim/push", ["navigationController": "nav", "viewController": "nope"])
        #expect(unknown.errorCode == 1001)
        #expect(unknown.errorMessage == "params.viewController: the scene declares no view controller 'nope' (declared: nav, list, detail)")
        let notNavigation = h.request("scrim/push", ["navigationController": "list", "viewController": "detail"])
        #expect(notNavigation.errorCode == 1010)
        let pushingNavigation = h.request("scrim/push", ["navigationController": "nav", "viewController": "nav"])
        #expect(pushingNavigation.errorCode == -32602)
        #expect(pushingNavigation.errorMessage?.hasSuffix("cannot push navigation controller 'nav#2': a navigation controller cannot be pushed; push its top view controller instead") == true)
    }

    @Test func showPushesFromAStackOrPresentsAndDetailReplacesASplitsSecondary() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.pushScene])
        let shown = h.result("scrim/show", ["viewController": "detail", "sender": "list"])
        #expect(shown["viewController"] == "detail")
        #expect(shown["transition"]?.intValue != nil)
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(entry(h, "nav")?["children"] == ["list", "detail"])
        let split: JSONValue = [
            "window": ["width": 1000, "height": 800], "root": "split",
            "viewControllers": [
                ["id": "split", "kind": "split", "view": Self.view(1000, 800), "children": ["primary", "secondary"]],
                ["id": "primary", "view": Self.view()], ["id": "secondary", "view": Self.view()], ["id": "page", "view": Self.view()],
            ],
        ]
        h.result("scrim/loadScene", ["scene": split])
        let detail = h.result("scrim/show", ["viewController": "page", "sender": "primary", "detail": true])
        #expect(detail == ["viewController": "page"])
        #expect(entry(h, "split")?["children"] == ["primary", "page"])
        #expect(entry(h, "page")?["isViewInWindow"] == true)
        #expect(h.request("scrim/show", ["viewController": "page"]).errorMessage == "params.sender: missing; expected a string")
    }

    static func ids(in tree: JSONValue) -> [String] {
        [tree["id"]?.stringValue].compactMap { $0 } + (tree["subviews"]?.arrayValue ?? []).flatMap { ids(in: $0) }
    }

    @Test func aSceneNamesItsContainersDelegatesAndABadOneIsRefusedWhole() throws {
        let directory = try temporaryDirectory([
            "fade.lua": "local F = {}\nfunction F:transitionDuration(ctx) return 0.3 end\nfunction F:animateTransition(ctx) ctx.containerView:addSubview(ctx:view('to')) ctx:completeTransition(true) end\nreturn F\n",
            "picky.lua": "local D = {}\nfunction D:shouldSelect(vc) return vc.id ~= 'settings' end\nreturn D\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)], "trace": true])
        var scene = Self.scene
        var controllers = scene["viewControllers"]!.arrayValue!
        controllers[0] = ["id": "tabs", "kind": "tabBar", "view": Self.view(), "children": ["nav", "settings"], "delegate": "picky"]
        controllers[1] = [
            "id": "nav", "kind": "navigation", "view": Self.view(), "children": ["list", "detail"],
            "delegate": ["animator": "fade"],
        ]
        scene = ["window": scene["window"]!, "root": "tabs", "viewControllers": .array(controllers)]
        h.result("scrim/loadScene", ["scene": scene])
        h.result("scrim/pop", ["navigationController": "nav"])
        h.result("scrim/advance", ["seconds": 0.5])
        let steps = h.notifications("scrim/trace").map { "\($0["step"]?.stringValue ?? "")(\($0["object"]?.stringValue ?? ""))" }
        #expect(steps.contains("transitionDuration(fade)"))
        #expect(entry(h, "nav")?["children"] == ["list"])
        // The Lua tab delegate refuses the settings tab.
        #expect(h.result("scrim/selectTab", ["tabBarController": "tabs", "index": 1]) == [:])
        #expect(entry(h, "settings")?["isViewInWindow"] == false)

        controllers[1] = [
            "id": "nav", "kind": "navigation", "view": Self.view(), "children": ["list", "detail"],
            "delegate": ["animator": "nope"],
        ]
        let refused = h.request("scrim/loadScene", ["scene": ["window": scene["window"]!, "root": "tabs", "viewControllers": .array(controllers)]])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage?.hasPrefix("params.scene.viewControllers[1].delegate: ") == true)
        #expect(refused.errorMessage?.contains("'nope'") == true)
        // Nothing changed: the loaded scene is the first one.
        #expect(entry(h, "nav")?["children"] == ["list"])
    }
}
