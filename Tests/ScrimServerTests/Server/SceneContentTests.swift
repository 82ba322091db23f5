import ScrimTestSupport
import ScrimCore
import Testing
@testable import ScrimServer
import ScrimJSON

/// Views of kind `label` and `imageView` in scenes (Docs/Protocol.md, "Scenes"): their fields are
/// read with the scene, refused with the field's path when wrong, and a snapshot lists them.
@MainActor @Suite struct SceneContentTests {
    /// A one-screen scene whose view has `subviews`.
    static func scene(_ subviews: [JSONValue]) -> JSONValue {
        [
            "window": ["width": 390, "height": 844], "root": "home",
            "viewControllers": [
                ["id": "home", "view": ["frame": ["x": 0, "y": 0, "width": 390, "height": 844], "subviews": .array(subviews)]]
            ],
        ]
    }

    static let frame: JSONValue = ["x": 20, "y": 40, "width": 300, "height": 50]

    @Test func aSnapshotListsALabelsAndAnImageViewsContent() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.scene([
            [
                "id": "title", "kind": "label", "frame": Self.frame, "text": "Hello", "fontSize": 24, "fontWeight": "semibold",
                "textColor": [0, 0, 1, 1], "textAlignment": "center", "numberOfLines": 0,
            ],
            ["id": "plain", "kind": "label", "frame": Self.frame],
            ["id": "photo", "kind": "imageView", "frame": Self.frame, "imageName": "pasta"],
            ["id": "box", "frame": Self.frame],
        ])])
        let views = try #require(h.result("scrim/snapshot")["window"]?["subviews"]?.arrayValue?.first?["subviews"]?.arrayValue)
        #expect(views.map(\.["id"]) == ["title", "plain", "photo", "box"])
        let title = views[0]
        #expect(title["kind"] == "label")
        #expect(title["text"] == "Hello")
        #expect(title["fontSize"] == 24.0)
        #expect(title["fontWeight"] == "semibold")
        #expect(title["textColor"] == [0.0, 0.0, 1.0, 1.0])
        #expect(title["textAlignment"] == "center")
        #expect(title["numberOfLines"] == 0)
        #expect(title["frame"]?.rect == Rect(x: 20, y: 40, width: 300, height: 50))
        // UIKit's defaults.
        let plain = views[1]
        #expect(plain["text"] == "")
        #expect(plain["fontSize"] == 17.0)
        #expect(plain["fontWeight"] == "regular")
        #expect(plain["textColor"] == [0.0, 0.0, 0.0, 1.0])
        #expect(plain["textAlignment"] == "natural")
        #expect(plain["numberOfLines"] == 1)
        #expect(views[2]["kind"] == "imageView")
        #expect(views[2]["imageName"] == "pasta")
        #expect(views[2]["text"] == nil)
        // A plain view has no content fields.
        #expect(views[3]["kind"] == nil)
        #expect(views[3]["text"] == nil)
    }

    /// Fields of a view and the error they give.
    nonisolated static let wrongFields: [(JSONObject, String)] = [
        (["kind": "button"], #"params.scene.viewControllers[0].view.subviews[0].kind: expected one of "view", "label", "imageView", got "button""#),
        (["kind": "label", "fontWeight": "heavvy"], #"params.scene.viewControllers[0].view.subviews[0].fontWeight: expected one of "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black", got "heavvy""#),
        (["kind": "label", "textAlignment": 1], "params.scene.viewControllers[0].view.subviews[0].textAlignment: expected a string, got a number"),
        (["kind": "label", "fontSize": 0], "params.scene.viewControllers[0].view.subviews[0].fontSize: expected a number from 1 to 1000, got 0"),
        (["kind": "label", "numberOfLines": -1], "params.scene.viewControllers[0].view.subviews[0].numberOfLines: expected 0 (no limit) or more, got -1"),
        (["kind": "label", "textColor": [2, 0, 0, 1]], "params.scene.viewControllers[0].view.subviews[0].textColor: expected [red, green, blue, alpha] in 0…1"),
        (["text": "Hi"], #"params.scene.viewControllers[0].view.subviews[0].text: only a view of kind "label" has it (this one is a "view")"#),
        (["kind": "label", "imageName": "x"], #"params.scene.viewControllers[0].view.subviews[0].imageName: only a view of kind "imageView" has it (this one is a "label")"#),
    ]

    @Test(arguments: wrongFields)
    func aWrongFieldIsRefusedWithItsPath(fields: JSONObject, message: String) {
        let h = ServerHarness()
        h.start()
        var view: JSONObject = ["id": "v", "frame": Self.frame]
        for (key, value) in fields { view[key] = value }
        let response = h.request("scrim/loadScene", ["scene": Self.scene([.object(view)])])
        #expect(response.errorCode == 1005)
        #expect(response.errorMessage == message)
    }

    /// The demo's titles are labels: the home screen's, each card's (a new subview) and the details'.
    @Test func theDemosTitlesAreLabels() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        let home = try #require(h.result("scrim/snapshot")["window"]?["subviews"]?.arrayValue?.first?["subviews"]?.arrayValue?.first)
        let subviews = home["subviews"]?.arrayValue ?? []
        #expect(subviews.first?["text"] == "Recipes")
        let cards = subviews.dropFirst().prefix(3)
        #expect(cards.map { $0["subviews"]?.arrayValue?.map(\.["id"]) } == [["card1.title"], ["card2.title"], ["card3.title"]])
        #expect(cards.map { $0["subviews"]?.arrayValue?.first?["text"] } == ["Pasta", "Salad", "Soup"])
        #expect(cards.map { $0["kind"] } == [nil, nil, nil])
        h.result("scrim/present", ["presented": "details", "animated": false])
        h.result("scrim/advance", ["seconds": 0.1])
        let window = try #require(h.result("scrim/snapshot")["window"])
        let title = try #require(Self.find("details.title", in: window))
        #expect(title["kind"] == "label")
        #expect(title["text"] == "Pasta")
    }

    /// The entry of view `id` in a `ViewTree`.
    static func find(_ id: String, in tree: JSONValue) -> JSONValue? {
        if tree["id"] == .string(id) { return tree }
        return tree["subviews"]?.arrayValue?.lazy.compactMap { find(id, in: $0) }.first
    }
}
