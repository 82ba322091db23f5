import Foundation
import ScrimTestSupport
import ScrimCore
import ScrimLua
import Testing
@testable import ScrimServer
import ScrimJSON
import ScrimHost

/// Docs/Protocol.md, "Reference": scenes, present/dismiss, the clock, interaction, frames,
/// snapshots, and Scrim's own error codes ("Errors") — with the shipped plugins.
@MainActor @Suite struct TransitionMethodTests {
    /// A server with the demo scene loaded: the navigation controller `nav` (the root) with
    /// `home` in its stack, and the template `details`.
    func demo(_ options: JSONObject = ["watch": false]) -> ServerHarness {
        let h = ServerHarness()
        h.start(options)
        #expect(h.result("scrim/loadScene", ["scene": "demo"])["viewControllers"] == ["nav", "home", "details", "about"])
        return h
    }

    static let card: JSONValue = ["x": 20, "y": 120, "width": 350, "height": 200]

    @Test func popPresentsAndTheFramesMatchTheEmbeddingAPI() throws {
        let h = demo()
        #expect(h.result("scrim/subscribeFrames", ["enabled": true, "views": ["details"]]) == [:])
        let present = h.result("scrim/present", [
            "presented": "details", "transitioningDelegate": ["animator": "pop", "options": ["originFrame": Self.card]],
        ])
        let transition = try #require(present["transition"]?.intValue)

        // The same presentation through the embedding API, as the reference.
        let host = try ScrimHost(pluginDirectories: [shippedPlugins], windowSize: Size(width: 390, height: 844),
                                 rootViewController: DemoScene.description.build().root)
        let details = ViewController(id: "details")
        details.view.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        details.transitioningDelegate = try host.delegate(animator: "pop", options: ["originFrame": .rect(Rect(x: 20, y: 120, width: 350, height: 200))])
        try host.rootViewController.present(details, animated: true)

        var compared = 0
        for _ in 0..<60 {
            let time = h.result("scrim/advance", ["seconds": .double(1.0 / 60)])["time"]?.doubleValue
            host.advance(by: 1.0 / 60)
            #expect(time == host.now)
            guard let frame = h.notifications("scrim/frame").last, frame["time"]?.doubleValue == host.now else { continue }
            let views = try #require(frame["views"]?.arrayValue)
            #expect(views.count == 1)
            #expect(views[0]["id"] == "details")
            #expect(views[0]["frame"]?.rect == details.view.presentation.frame)
            #expect(views[0]["cornerRadius"]?.doubleValue == details.view.presentation.cornerRadius)
            compared += 1
        }
        #expect(compared > 40)
        h.result("scrim/advance", ["seconds": 1])
        let last = try #require(h.notifications("scrim/frame").last?["views"]?.arrayValue?.first)
        #expect(last["frame"]?.rect == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(last["cornerRadius"] == 0.0)
        // Presented from the navigation controller, which covers the window (UIKit's rule).
        #expect(h.notifications("scrim/transitionDidBegin").first == [
            "transition": .int(transition), "kind": "presentation", "from": "nav", "to": "details", "interactive": false,
        ])
        #expect(h.notifications("scrim/transitionDidEnd") == [["transition": .int(transition), "completed": true]])
    }

    @Test func popFindsTheCardByIdInsideTheNavigationControllerItPresentsFrom() throws {
        let h = demo()
        h.result("scrim/subscribeFrames", ["enabled": true, "views": ["details", "card1"]])
        // Asked of home, the full-screen presentation is made by nav, which covers the window.
        h.result("scrim/present", [
            "presented": "details", "presenting": "home", "modalPresentationStyle": "fullScreen",
            "transitioningDelegate": ["animator": "pop", "options": ["sourceViewId": "card1"]],
        ])
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/transitionDidBegin").first?["from"] == "nav")
        // pop finds card1 in the presenting view controller's view (home's view fills nav's),
        // starts the details over the card's frame and hides the card.
        let first = try #require(h.notifications("scrim/frame").last?["views"]?.arrayValue)
        #expect(first.first { $0["id"] == "details" }?["frame"]?.rect == Self.card.rect)
        #expect(first.first { $0["id"] == "details" }?["cornerRadius"] == 20.0)
        #expect(first.first { $0["id"] == "card1" }?["isHidden"] == true)
        h.result("scrim/advance", ["seconds": 1])
        let presented = h.result("scrim/snapshot")["viewControllers"]?.arrayValue ?? []
        // home is nav's child: it reports what nav presents, as UIKit's does.
        #expect(presented.map(\.["presentedViewController"]) == ["details", "details", .null, .null])
        #expect(presented.map(\.["presentingViewController"]) == [.null, .null, "nav", .null])
        #expect(presented.map(\.["isViewInWindow"]) == [false, false, true, false])

        // Dismissed, the details spring back into the card, which shows again.
        h.result("scrim/dismiss", ["viewController": "details"])
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.notifications("scrim/transitionDidEnd").map(\.["completed"]) == [true, true])
        #expect(h.notifications("scrim/transitionDidBegin").last?["to"] == "nav")
        #expect(h.notifications("scrim/frame").last?["views"]?.arrayValue?.first { $0["id"] == "card1" }?["isHidden"] == false)
        #expect(h.notifications("window/logMessage").compactMap(\.["message"]?.stringValue).contains {
            $0.hasSuffix("dismissed back to Rect(20, 120, 350, 200)")
        })
        let after = h.result("scrim/snapshot")["viewControllers"]?.arrayValue ?? []
        #expect(after.map(\.["isViewInWindow"]) == [true, true, false, false])
    }

    @Test func pushSlidesDetailsOnTheDemosNavigationController() throws {
        let h = demo()
        h.result("scrim/subscribeFrames", ["enabled": true, "views": ["home", "details"]])
        let push = h.result("scrim/push", ["navigationController": "nav", "viewController": "details"])
        #expect(push["viewController"] == "details")
        // The built-in slide, 0.35 s ease-in-out: 0.2 s in, details at x = 147.59, home at −72.72.
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/transitionDidBegin").first?["kind"] == "push")
        #expect(h.notifications("scrim/transitionDidBegin").first?["from"] == "home")
        h.result("scrim/advance", ["seconds": 0.2])
        let views = try #require(h.notifications("scrim/frame").last?["views"]?.arrayValue)
        let details = try #require(views.first { $0["id"] == "details" }?["frame"]?.rect)
        let home = try #require(views.first { $0["id"] == "home" }?["frame"]?.rect)
        #expect(abs(details.origin.x - 147.59) < 0.005)
        #expect(abs(home.origin.x + 72.72) < 0.005)
        h.result("scrim/advance", ["seconds": 0.2])
        #expect(h.notifications("scrim/transitionDidEnd").last?["completed"] == true)
        let entries = h.result("scrim/snapshot")["viewControllers"]?.arrayValue ?? []
        #expect(entries.first { $0["id"] == "nav" }?["children"] == ["home", "details"])
        #expect(entries.map(\.["isViewInWindow"]) == [true, false, true, false])
    }

    @Test func traceReportsEveryStepInOrder() {
        let h = demo(["watch": false, "trace": true])
        h.result("scrim/present", ["presented": "details", "modalPresentationStyle": "fullScreen",
                                   "transitioningDelegate": ["animator": "crossfade"]])
        h.result("scrim/advance", ["seconds": 1])
        let steps = h.notifications("scrim/trace").map { "\($0["step"]?.stringValue ?? "")(\($0["object"]?.stringValue ?? ""))" }
        // nav forwards its appearance callbacks to home, the child it shows: traced after its own.
        #expect(steps == [
            "animationControllerForPresented(delegate(crossfade))", "interactionControllerForPresentation(delegate(crossfade))",
            "viewWillDisappear(nav)", "viewWillDisappear(home)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(crossfade)",
            "animateTransition(crossfade)", "completeTransition(crossfade)", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(crossfade)", "viewDidAppear(details)", "viewDidDisappear(nav)", "viewDidDisappear(home)",
            "completion(details)",
        ])
    }

    @Test func anInteractivePresentationDrivenByScrimInteraction() throws {
        let h = demo()
        let transition = try #require(h.result("scrim/present", [
            "presented": "details", "modalPresentationStyle": "fullScreen",
            "transitioningDelegate": ["animator": "crossfade", "interaction": "percent", "options": ["curve": "linear"]],
        ])["transition"])
        #expect(h.request("scrim/interaction", ["transition": transition, "action": "update", "percent": 0.5]).errorCode == 1007)
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/transitionDidBegin").first?["interactive"] == true)
        #expect(h.result("scrim/interaction", ["transition": transition, "action": "update", "percent": 0.5]) == ["percentComplete": 0.5])
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["transitions"] == [["transition": transition, "kind": "presentation", "interactive": true, "percentComplete": 0.5]])
        let details = snapshot["window"]?["subviews"]?.arrayValue?.flatMap { $0["subviews"]?.arrayValue ?? [] }.first { $0["id"] == "details" }
        #expect(details?["alpha"] == 0.5)
        h.result("scrim/interaction", ["transition": transition, "action": "cancel"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(h.notifications("scrim/transitionDidEnd") == [["transition": transition, "completed": false]])
        #expect(h.request("scrim/interaction", ["transition": transition, "action": "finish"]).errorCode == 1007)
        let after = h.result("scrim/snapshot")
        #expect(after["viewControllers"]?.arrayValue?.first { $0["id"] == "details" }?["isViewInWindow"] == false)
    }

    @Test func dismissalAndTheScrimErrorCodes() {
        let h = demo()
        #expect(h.request("scrim/present", ["presented": "nobody"]).errorCode == 1001)
        #expect(h.request("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "nope"]]).errorCode == 1003)
        #expect(h.request("scrim/present", ["presented": "details", "transitioningDelegate": "nope"]).errorCode == 1003)
        #expect(h.request("scrim/dismiss", ["viewController": "details"]).errorCode == 1008)
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "diagonal"]])
        #expect(h.request("scrim/present", ["presented": "details"]).errorCode == 1002)
        #expect(h.request("scrim/loadScene", ["scene": "demo"]).errorCode == 1002)
        h.result("scrim/advance", ["seconds": 2])
        let dismissal = h.result("scrim/dismiss", ["viewController": "details"])
        #expect(dismissal["transition"]?.intValue == 2)
        h.result("scrim/advance", ["seconds": 2])
        #expect(h.notifications("scrim/transitionDidEnd").map { $0["completed"] } == [true, true])
        #expect(h.notifications("scrim/transitionDidBegin").map { $0["kind"] } == ["presentation", "dismissal"])
        // Nothing changed by the rejected requests: the scene is as at the start.
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["viewControllers"]?.arrayValue?.map { $0["presentedViewController"] } == [.null, .null, .null, .null])
    }

    @Test func aRejectedPresentChangesNothing() {
        let h = demo()
        let before = h.result("scrim/snapshot", ["presentation": false])
        // Valid style and delegate, but the presenting view controller is unknown.
        #expect(h.request("scrim/present", ["presented": "details", "presenting": "ghost", "modalPresentationStyle": "formSheet"]).errorCode == 1001)
        // A presenter that cannot present (details is not in the window): -32602, and the style is put back.
        #expect(h.request("scrim/present", ["presented": "home", "presenting": "details", "modalPresentationStyle": "formSheet"]).errorCode == -32602)
        #expect(h.result("scrim/snapshot", ["presentation": false]) == before)
    }

    @Test func advanceNeedsTheManualClock() {
        let h = demo()
        #expect(h.result("scrim/setClock", ["mode": "realtime", "frameRate": 120]) == [:])
        let response = h.request("scrim/advance", ["seconds": 1])
        #expect(response.errorCode == 1006)
        h.result("scrim/setClock", ["mode": "manual"])
        let time = h.result("scrim/advance", ["seconds": 0.5])["time"]?.doubleValue ?? -1
        #expect(time >= 0.5)
    }

    @Test func framesCarryOnlyChangedViews() throws {
        let h = demo()
        h.result("scrim/subscribeFrames", ["enabled": true])
        h.result("scrim/advance", ["seconds": 0.1])
        #expect(h.notifications("scrim/frame").isEmpty)  // nothing moves
        h.result("scrim/present", ["presented": "details", "modalPresentationStyle": "overFullScreen",
                                   "transitioningDelegate": ["animator": "crossfade", "options": ["curve": "linear", "duration": 0.5]]])
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        let first = try #require(h.notifications("scrim/frame").first?["views"]?.arrayValue)
        // The container and the presented tree appear; nav, home and the cards do not move.
        #expect(!first.contains { $0["id"] == "nav" || $0["id"] == "home" || $0["id"] == "card1" })
        #expect(first.contains { $0["id"] == "details" })
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        let second = try #require(h.notifications("scrim/frame").last?["views"]?.arrayValue)
        #expect(second.map(\.["id"]) == ["details"])
        let entry = second[0]
        #expect(Set(entry.objectValue?.keys ?? []) == ["id", "frame", "bounds", "center", "transform", "alpha", "backgroundColor", "cornerRadius", "isHidden"])
        #expect(entry["transform"] == [1.0, 0.0, 0.0, 1.0, 0.0, 0.0])
        #expect(entry["backgroundColor"] == [1.0, 1.0, 1.0, 1.0])
        h.result("scrim/subscribeFrames", ["enabled": false])
        let count = h.notifications("scrim/frame").count
        h.result("scrim/advance", ["seconds": 0.1])
        #expect(h.notifications("scrim/frame").count == count)
    }

    @Test func setWindowRunsASizeTransitionAndRejectsBadSizes() {
        let h = demo()
        h.result("scrim/present", ["presented": "details", "modalPresentationStyle": "formSheet", "animated": false])
        h.result("scrim/advance", ["seconds": 0.1])
        #expect(h.request("scrim/setWindow", ["width": 1024, "height": -1]).errorCode == -32602)
        #expect(h.result("scrim/setWindow", ["width": 1024, "height": 768]) == [:])
        h.result("scrim/advance", ["seconds": 0.5])
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["window"]?["frame"]?.rect == Rect(x: 0, y: 0, width: 1024, height: 768))
        // Still presented (by the navigation controller): a size change never dismisses.
        #expect(snapshot["viewControllers"]?.arrayValue?.first { $0["id"] == "nav" }?["presentedViewController"] == "details")
    }

    @Test func invalidScenesAreRefusedWith1005AndChangeNothing() {
        let h = demo()
        let before = h.result("scrim/snapshot")
        let scenes: [(JSONValue, String)] = [
            (["window": ["width": 390, "height": 844], "root": "a", "viewControllers": []], "params.scene.root: no view controller has the id 'a'"),
            (["window": ["width": 390, "height": 844], "root": "a",
              "viewControllers": [["id": "a", "view": ["frame": ["x": 0, "y": 0, "width": 1, "height": 1]]],
                                  ["id": "a", "view": ["frame": ["x": 0, "y": 0, "width": 1, "height": 1]]]]],
             "params.scene.viewControllers[1].id: 'a' is used twice"),
            (["window": ["width": 390, "height": 844], "root": "a", "viewControllers": [["id": "a", "view": ["frame": "big"]]]],
             "params.scene.viewControllers[0].view.frame: expected an object, got a string"),
            (["window": ["width": 390], "root": "a", "viewControllers": []], "params.scene.window.height: missing; expected a number"),
        ]
        for (scene, message) in scenes {
            let response = h.request("scrim/loadScene", ["scene": scene])
            #expect(response.errorCode == 1005)
            #expect(response.errorMessage == message)
        }
        #expect(h.request("scrim/loadScene", ["scene": "/no/such/scene.json"]).errorCode == 1005)
        #expect(h.result("scrim/snapshot") == before)
    }

    @Test func aSceneFromJSONAndFromLua() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lua = """
            return {
              window = { width = 800, height = 600, horizontalSizeClass = "regular" },
              root = "list",
              viewControllers = {
                { id = "list", view = { frame = scrim.Rect(0, 0, 800, 600), subviews = { { id = "row", frame = scrim.Rect(0, 0, 800, 44) } } },
                  children = { "side" } },
                { id = "side", view = { frame = scrim.Rect(0, 0, 200, 600), backgroundColor = { 0, 0, 1, 1 } } },
                { id = "info", title = "Info", view = { frame = scrim.Rect(0, 0, 800, 600) } },
              },
            }
            """
        try lua.write(to: directory.appendingPathComponent("scene.lua"), atomically: true, encoding: .utf8)
        let h = ServerHarness()
        h.start()
        #expect(h.result("scrim/loadScene", ["scene": .string(directory.appendingPathComponent("scene.lua").path)])["viewControllers"] == ["list", "side", "info"])
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["window"]?["frame"]?.rect == Rect(x: 0, y: 0, width: 800, height: 600))
        let list = snapshot["window"]?["subviews"]?.arrayValue?.first
        #expect(list?["id"] == "list")
        #expect(list?["subviews"]?.arrayValue?.map(\.["id"]) == ["row", "side"])
        #expect(list?["subviews"]?.arrayValue?.last?["backgroundColor"] == [0.0, 0.0, 1.0, 1.0])

        let broken = directory.appendingPathComponent("broken.lua")
        try "return {\n  window = \n".write(to: broken, atomically: true, encoding: .utf8)
        let response = h.request("scrim/loadScene", ["scene": .string(broken.path)])
        #expect(response.errorCode == 1005)
        #expect(response.errorMessage?.contains("broken.lua:3:") == true)
    }

    @Test func pluginsAndReload() {
        let h = demo()
        let plugins = h.result("scrim/plugins")["plugins"]?.arrayValue ?? []
        #expect(plugins.map { $0["name"]?.stringValue ?? "" } == ["crossfade", "cube", "diagonal", "dimming", "flip", "parallax", "pop", "sheet", "slide", "swipe", "zoomsegue"])
        let pop = plugins.first { $0["name"] == "pop" }
        #expect(pop?["roles"] == ["animator"])
        #expect(pop?["diagnostics"] == [])
        let generation = pop?["generation"]?.intValue ?? 0
        #expect(h.result("scrim/reload", ["name": "pop"]) == ["reloaded": ["pop"]])
        #expect(h.notifications("scrim/pluginDidReload").last?["name"] == "pop")
        let reloaded = h.result("scrim/plugins")["plugins"]?.arrayValue?.first { $0["name"] == "pop" }
        #expect((reloaded?["generation"]?.intValue ?? 0) > generation)
        #expect(h.request("scrim/reload", ["name": "nope"]).errorCode == 1003)
    }

    @Test func aPluginFileThatNeverLoadedIsListedWithItsDiagnostics() throws {
        let directory = try temporaryDirectory([
            "good.lua": "return { animateTransition = function(self, ctx) ctx:completeTransition(true) end }",
            "broken.lua": "local Broken = {\nreturn Broken",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ServerHarness.defaultOptions
        options.pluginDirectories = [directory]
        let h = ServerHarness(options: options)
        h.start()
        let plugins = h.result("scrim/plugins")["plugins"]?.arrayValue ?? []
        #expect(plugins.map { $0["name"]?.stringValue ?? "" } == ["good", "broken"])
        let broken = try #require(plugins.last)
        #expect(broken["roles"] == [])
        #expect(broken["generation"] == 0)
        #expect(broken["path"]?.stringValue?.hasSuffix("/broken.lua") == true)
        #expect(broken["diagnostics"]?.arrayValue?.count == 1)
        #expect(broken["diagnostics"]?.arrayValue?.first?["range"]?["start"]?["line"] == 1)
        // Once fixed and reloaded, it is an ordinary plugin.
        try "return { animateTransition = function(self, ctx) ctx:completeTransition(true) end }"
            .write(to: directory.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        #expect(h.result("scrim/reload", ["name": "broken"]) == ["reloaded": ["broken"]])
        let fixed = h.result("scrim/plugins")["plugins"]?.arrayValue?.first { $0["name"] == "broken" }
        #expect(fixed?["roles"] == ["animator"])
        #expect(fixed?["diagnostics"] == [])
    }

    @Test func panInputForAViewNotInTheWindowIsRefused() {
        let h = demo()
        let response = h.request("scrim/input", ["type": "pan", "phase": "began", "location": ["x": 10, "y": 10], "view": "details.close"])
        #expect(response.errorCode == -32602)
        #expect(response.errorMessage == "params.view: view 'details.close' is not in the window: pan events go to views in the window")
        let changed = h.request("scrim/input", ["type": "pan", "phase": "changed", "location": ["x": 10, "y": 10]])
        #expect(changed.errorCode == -32602)
        #expect(changed.errorMessage == "params: a 'changed' pan event needs a pan in progress: send 'began' first")
    }

    /// As a touch's moves in UIKit: a pan whose `began` no recognizer took (the demo's window has
    /// none) is in progress all the same; its events are accepted, and go nowhere.
    @Test func aPanNoRecognizerTookIsInProgressAllTheSame() {
        let h = demo()
        func pan(_ phase: String) -> JSONValue {
            h.result("scrim/input", ["type": "pan", "phase": .string(phase), "location": ["x": 100, "y": 400]])
        }
        #expect(pan("began") == ["received": false])
        #expect(pan("changed") == ["received": false])
        #expect(pan("changed") == ["received": false])
        #expect(pan("ended") == ["received": false])
        // Ended: the next move needs a new `began`.
        #expect(h.request("scrim/input", ["type": "pan", "phase": "changed", "location": ["x": 10, "y": 10]]).errorCode == -32602)
    }
}
