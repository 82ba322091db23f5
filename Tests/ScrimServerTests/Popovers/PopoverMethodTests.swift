import Foundation
import ScrimCore
import Testing
@testable import ScrimServer
import ScrimJSON

/// Docs/Protocol.md, "scrim/input" (a tap), "Errors" (1011) and "Scenes" (a view controller's
/// `popover`): a scene's popover presented with `scrim/present`, dismissed by a tap outside it.
@MainActor @Suite struct PopoverMethodTests {
    static func view(_ id: String? = nil, _ x: Double, _ y: Double, _ width: Double, _ height: Double, subviews: [JSONValue] = []) -> JSONValue {
        var object: JSONObject = [
            "frame": ["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)],
        ]
        if let id { object["id"] = .string(id) }
        if !subviews.isEmpty { object["subviews"] = .array(subviews) }
        return .object(object)
    }

    /// A 1024×768 window: `home` holds `button` (500, 100, 60, 30) and `other`; `menu` is anchored
    /// at `button`, `bare` has no popover declaration.
    static func scene(menuPopover: JSONValue? = nil, menuStyle: String? = "popover") -> JSONValue {
        var menu: JSONObject = ["id": "menu", "view": view(nil, 0, 0, 200, 300), "preferredContentSize": ["width": 200, "height": 300]]
        menu["popover"] = menuPopover ?? ["sourceView": "button"]
        if let menuStyle { menu["modalPresentationStyle"] = .string(menuStyle) }
        return [
            "window": ["width": 1024, "height": 768], "root": "home",
            "viewControllers": [
                ["id": "home", "view": view(nil, 0, 0, 1024, 768, subviews: [
                    view("button", 500, 100, 60, 30), view("other", 0, 700, 60, 30),
                ])],
                .object(menu),
                ["id": "bare", "view": view(nil, 0, 0, 100, 100)],
            ],
        ]
    }

    func started(_ scene: JSONValue = PopoverMethodTests.scene()) -> ServerHarness {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": scene])
        return h
    }

    func frame(_ h: ServerHarness, _ id: String) -> JSONValue? {
        func find(_ tree: JSONValue) -> JSONValue? {
            if tree["id"] == .string(id) { return tree["frame"] }
            return tree["subviews"]?.arrayValue?.lazy.compactMap(find).first
        }
        return find(h.result("scrim/snapshot", ["presentation": false])["window"] ?? .null)
    }

    @Test func aScenePopoverIsPresentedAtItsAnchorAndATapOutsideDismissesIt() throws {
        let h = started()
        h.result("scrim/present", ["presented": "menu"])
        h.result("scrim/advance", ["seconds": 1])
        // Below the button (y = 130 + 13), centred on x = 530.
        #expect(frame(h, "menu") == ["x": 430.0, "y": 143.0, "width": 200.0, "height": 300.0])

        // Inside the popover: the deepest view, nothing dismissed.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 450, "y": 200]]) == ["view": "menu"])
        #expect(h.request("scrim/advance", ["seconds": 1])["error"] == nil)
        #expect(h.notifications("scrim/transitionDidBegin").count == 1)

        // Outside: the popover's container takes it and the popover is dismissed, animated.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 10, "y": 10]]) == ["view": "menu.container"])
        h.result("scrim/advance", ["seconds": 1])
        let began = try #require(h.notifications("scrim/transitionDidBegin").last)
        #expect(began["kind"] == "dismissal")
        #expect(h.notifications("scrim/transitionDidEnd").last?["completed"] == true)
        #expect(frame(h, "menu") == nil)

        // No popover now: a tap reaches the view under it; outside the window, no view.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 510, "y": 110]]) == ["view": "button"])
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 2000, "y": 10]]) == [:])
    }

    @Test func presentAsAPopoverUsesTheDeclarationAndItsDirections() throws {
        let h = started(Self.scene(
            menuPopover: ["sourceView": "button", "sourceRect": ["x": 0, "y": 0, "width": 10, "height": 10],
                          "permittedArrowDirections": ["right"]],
            menuStyle: nil))
        h.result("scrim/present", ["presented": "menu", "modalPresentationStyle": "popover", "animated": false])
        h.result("scrim/advance", ["seconds": 0.1])
        // To the left of (500, 100, 10, 10): x = 500 − 13 − 200, centred on y = 105 then inside the margin.
        #expect(frame(h, "menu") == ["x": 287.0, "y": 10.0, "width": 200.0, "height": 300.0])
    }

    @Test func aPopoverWithoutAnchorIs1011AndNothingChanges() throws {
        let h = started()
        let response = h.request("scrim/present", ["presented": "bare", "modalPresentationStyle": "popover"])
        #expect(response.errorCode == 1011)
        #expect(response.errorMessage == "popover 'bare' has no anchor: set its popoverPresentationController's sourceView (and sourceRect) before presenting it")
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.notifications("scrim/transitionDidBegin").isEmpty)
        let bare = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "bare" }
        // The style was put back.
        #expect(bare?["modalPresentationStyle"] == "automatic")
    }

    @Test func tapInputIsValidated() throws {
        let h = started()
        let missing = h.request("scrim/input", ["type": "tap"])
        #expect(missing.errorCode == -32602)
        #expect(missing.errorMessage?.hasPrefix("params.location: missing") == true)
        let kind = h.request("scrim/input", ["type": "swipe", "location": ["x": 1, "y": 1]])
        #expect(kind.errorMessage == #"params.type: expected one of "pan", "tap", got "swipe""#)
    }

    nonisolated static let badPopovers: [(JSONValue, String)] = [
        (["sourceView": "nowhere"], "params.scene.viewControllers[1].popover.sourceView: no view of the scene has the id 'nowhere'"),
        (["sourceView": "button", "permittedArrowDirections": ["up", "sideways"]],
         #"params.scene.viewControllers[1].popover.permittedArrowDirections[1]: expected one of "up", "down", "left", "right", got "sideways""#),
        (["sourceView": "button", "permittedArrowDirections": []],
         #"params.scene.viewControllers[1].popover.permittedArrowDirections: name at least one of "up", "down", "left", "right""#),
        (["sourceRect": ["x": 0, "y": 0, "width": 1, "height": 1]], "params.scene.viewControllers[1].popover.sourceView: missing; expected a string"),
    ]

    @Test(arguments: badPopovers)
    func badPopoverDeclarationsRefuseTheScene(_ popover: JSONValue, _ message: String) throws {
        let h = ServerHarness()
        h.start()
        let response = h.request("scrim/loadScene", ["scene": Self.scene(menuPopover: popover)])
        #expect(response.errorCode == 1005)
        #expect(response.errorMessage == message)
    }
}
