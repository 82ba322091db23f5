import Foundation
import ScrimTestSupport
import ScrimCore
import Testing
@testable import ScrimServer
import ScrimJSON

/// `scrim/loadScene` replaces the scene in the one host: plugins, clock and transition ids go
/// on; the old scene's view controllers are gone. Lua scenes read `{}` as an empty list.
@MainActor @Suite struct SceneLoadTests {
    static let fade = "local F = { duration = 0.2 }\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n"

    /// A scene of full-window view controllers `ids`, the first one the root.
    static func scene(
        _ ids: [String], root: String? = nil, width: Double = 390, height: Double = 844, sizeClass: String? = nil
    ) -> JSONValue {
        var window: JSONObject = ["width": .double(width), "height": .double(height)]
        if let sizeClass { window["horizontalSizeClass"] = .string(sizeClass) }
        return [
            "window": .object(window), "root": .string(root ?? ids[0]),
            "viewControllers": .array(ids.map { id in
                ["id": .string(id), "view": ["frame": ["x": 0, "y": 0, "width": .double(width), "height": .double(height)]]]
            }),
        ]
    }

    @Test func aNewSceneKeepsThePluginsTheirGenerationsAndABrokenPluginsDiagnostics() throws {
        let directory = try temporaryDirectory(["fade.lua": Self.fade, "slide.lua": Self.fade])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": "demo"])
        #expect(h.result("scrim/reload", ["name": "slide"]) == ["reloaded": ["slide"]])
        try "local F = {\n".write(to: directory.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        #expect(h.result("scrim/reload", ["name": "fade"]) == ["reloaded": []])
        let before = h.result("scrim/plugins")["plugins"]
        let fade = try #require(before?.arrayValue?.first { $0["name"] == "fade" })
        #expect(fade["generation"] == 1)
        #expect(fade["diagnostics"]?.arrayValue?.map(\.["message"]) == ["unexpected symbol near <eof>"])
        let slide = try #require(h.notifications("scrim/pluginDidReload").last)
        #expect(slide["name"] == "slide")
        #expect(before?.arrayValue?.first { $0["name"] == "slide" }?["generation"] == slide["generation"])
        #expect((slide["generation"]?.intValue ?? 0) > 1)

        h.result("scrim/loadScene", ["scene": Self.scene(["a", "b"])])
        h.result("scrim/loadScene", ["scene": "demo"])
        #expect(h.result("scrim/plugins")["plugins"] == before)
        #expect(h.notifications("scrim/pluginDidReload").map(\.["name"]) == ["slide"])
        // The last good version of the broken plugin still presents.
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "fade"]])
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.notifications("scrim/transitionDidEnd").last?["completed"] == true)
    }

    @Test func theDemoIsANavigationControllerAroundTheRecipeListAndATemplate() throws {
        let h = ServerHarness()
        h.start()
        #expect(h.result("scrim/loadScene", ["scene": "demo"]) == ["viewControllers": ["nav", "home", "details", "about"]])
        let snapshot = h.result("scrim/snapshot")
        let window = try #require(snapshot["window"])
        let full = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(window["frame"]?.rect == full)
        // The window holds nav's view, which holds home's view (filling it: no bars), which holds
        // the title and the cards at their frames.
        #expect(window["subviews"]?.arrayValue?.map(\.["id"]) == ["nav"])
        let nav = try #require(window["subviews"]?.arrayValue?.first)
        #expect(nav["frame"]?.rect == full)
        #expect(nav["backgroundColor"] == [1.0, 1.0, 1.0, 1.0])
        #expect(nav["subviews"]?.arrayValue?.map(\.["id"]) == ["home"])
        let home = try #require(nav["subviews"]?.arrayValue?.first)
        #expect(home["frame"]?.rect == full)
        let subviews = home["subviews"]?.arrayValue ?? []
        #expect(subviews.map(\.["id"]) == ["home.title", "card1", "card2", "card3", "home.info"])
        #expect(subviews.dropFirst().prefix(3).map(\.["frame"]?.rect) == (0..<3).map { Rect(x: 20, y: 120 + Double($0) * 220, width: 350, height: 200) })
        #expect(subviews.last?["frame"]?.rect == Rect(x: 334, y: 64, width: 36, height: 36))

        let entries = snapshot["viewControllers"]?.arrayValue ?? []
        #expect(entries.map(\.["id"]) == ["nav", "home", "details", "about"])
        #expect(entries.map(\.["kind"]) == ["navigation", "plain", "plain", "plain"])
        #expect(entries.map(\.["parent"]) == [.null, "nav", .null, .null])
        #expect(entries.map(\.["children"]) == [["home"], [], [], []])
        #expect(entries.map(\.["isViewInWindow"]) == [true, true, false, false])
        #expect(entries.map(\.["modalPresentationStyle"]) == ["automatic", "automatic", "automatic", "automatic"])
    }

    @Test func theOldScenesViewControllersAreGoneAndTheClockGoesOn() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/present", ["presented": "details", "modalPresentationStyle": "fullScreen", "animated": false])
        h.result("scrim/advance", ["seconds": 0.5])
        h.result("scrim/subscribeFrames", ["enabled": true, "views": ["a", "b", "details"]])

        #expect(h.result("scrim/loadScene", ["scene": Self.scene(["a", "b"], width: 1024, height: 768, sizeClass: "compact")])
            == ["viewControllers": ["a", "b"]])
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["time"] == 0.5)
        #expect(snapshot["window"]?["frame"]?.rect == Rect(x: 0, y: 0, width: 1024, height: 768))
        // Only the new root's view is in the window: the presented `details` left with its scene.
        #expect(snapshot["window"]?["subviews"]?.arrayValue?.map(\.["id"]) == ["a"])
        #expect(snapshot["window"]?["subviews"]?.arrayValue?.first?["frame"]?.rect == Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(snapshot["viewControllers"]?.arrayValue?.map(\.["id"]) == ["a", "b"])
        let old = h.request("scrim/present", ["presented": "details"])
        #expect(old.errorCode == 1001)
        #expect(old.errorMessage == "params.presented: no view controller 'details' in the scene (known: a, b)")
        #expect(h.request("scrim/present", ["presented": "b", "presenting": "home"]).errorCode == 1001)

        // The frame subscription starts afresh; transition ids go on in the same window.
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/frame").last?["views"]?.arrayValue?.map(\.["id"]) == ["a"])
        // The forced compact class: a form sheet adapts to full screen.
        let present = h.result("scrim/present", ["presented": "b", "modalPresentationStyle": "formSheet", "animated": false])
        #expect(present["transition"] == 2)
        h.result("scrim/advance", ["seconds": 0.5])
        let b = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.last
        #expect(b?["presentingViewController"] == "a")
        #expect(h.result("scrim/snapshot")["window"]?["subviews"]?.arrayValue?.map(\.["id"]).contains("a") == false)
    }

    @Test func aSceneThatCannotBeBuiltOrATransitionChangesNothing() {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/present", ["presented": "details", "animated": false])
        let before = h.result("scrim/snapshot")
        #expect(h.request("scrim/loadScene", ["scene": Self.scene(["a", "b"])]).errorCode == 1002)
        #expect(h.request("scrim/loadScene", ["scene": Self.scene(["a"], root: "z")]).errorCode == 1005)
        #expect(h.result("scrim/snapshot") == before)
    }

    @Test func anEmptyLuaTableIsAnEmptyList() throws {
        let scene = """
            return {
              window = { width = 390, height = 844 },
              root = "home",
              viewControllers = {
                { id = "home", view = { frame = scrim.Rect(0, 0, 390, 844), subviews = {} }, children = {} },
                { id = "info", view = { frame = scrim.Rect(0, 0, 390, 400), subviews = { { id = "info.title", frame = scrim.Rect(0, 0, 390, 44), subviews = {} } } } },
              },
            }
            """
        let directory = try temporaryDirectory(["scene.lua": scene, "none.lua": "return { window = { width = 390, height = 844 }, root = \"home\", viewControllers = {} }\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness()
        h.start()
        let path = directory.appendingPathComponent("scene.lua").path
        #expect(h.result("scrim/loadScene", ["scene": .string(path)]) == ["viewControllers": ["home", "info"]])
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["window"]?["subviews"]?.arrayValue?.first?["subviews"] == [])
        h.result("scrim/present", ["presented": "info", "animated": false])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.last?["presentingViewController"] == "home")

        // `viewControllers = {}` is an empty list: the scene is refused for its root, not its type.
        let none = h.request("scrim/loadScene", ["scene": .string(directory.appendingPathComponent("none.lua").path)])
        #expect(none.errorCode == 1005)
        #expect(none.errorMessage == "none.lua.root: no view controller has the id 'home'")
        // JSON tells arrays from objects: `{}` there is still not a list.
        let json: JSONValue = ["window": ["width": 390, "height": 844], "root": "a", "viewControllers": [:]]
        let refused = h.request("scrim/loadScene", ["scene": json])
        #expect(refused.errorMessage == "params.scene.viewControllers: expected an array, got an object")
    }

    @Test func aLuaSceneThatBacktracksIsStoppedAtItsLine() throws {
        let scene = """
            local width = 390
            local found = string.find(string.rep("a", 40), string.rep("a*", 25) .. "b")
            return { window = { width = width, height = 844 }, root = "home", viewControllers = { { id = "home" } } }
            """
        let directory = try temporaryDirectory(["scene.lua": scene])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness()
        h.start()
        let response = h.request("scrim/loadScene", ["scene": .string(directory.appendingPathComponent("scene.lua").path)])
        #expect(response.errorCode == 1005)
        #expect(response.errorMessage?.contains("scene.lua:2") == true, "\(response.jsonString)")
        #expect(response.errorMessage?.contains("instruction budget exceeded (10000000 instructions)") == true, "\(response.jsonString)")
        // The server goes on, with the scene it had.
        #expect(h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.count == 1)
    }

    /// A scene whose one view controller's view holds `views` views, one in the other.
    static func nestedViews(_ views: Int) -> JSONValue {
        let frame: JSONValue = ["x": 0, "y": 0, "width": 10, "height": 10]
        var view: JSONValue = ["frame": frame]
        for _ in 1..<views {
            view = ["frame": frame, "subviews": [view]]
        }
        return ["window": ["width": 390, "height": 844], "root": "a", "viewControllers": [["id": "a", "view": view]]]
    }

    @Test func aSceneOfDeeplyNestedViewsIsRefusedWithTheRequestsID() {
        let h = ServerHarness()
        h.start()
        // 400 views are 804 levels of JSON: read, and refused by the scene's own limit.
        let tooManyViews = h.request("scrim/loadScene", ["scene": Self.nestedViews(400)])
        #expect(tooManyViews.errorCode == 1005)
        #expect(tooManyViews.errorMessage?.hasSuffix("views nest deeper than 64 levels") == true)
        // 1 000 views are 2 004 levels: too deep to read.
        let tooDeep = h.request("scrim/loadScene", ["scene": Self.nestedViews(1000)])
        #expect(tooDeep["id"] == 3)
        #expect(tooDeep.errorCode == -32600)
        #expect(h.result("scrim/loadScene", ["scene": Self.nestedViews(64)])["viewControllers"] == ["a"])
    }
}
