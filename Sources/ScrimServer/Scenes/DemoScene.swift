import ScrimCore

/// The built-in demo scene (SPEC §7.6): the recipe app of the tutorial — a home screen with a
/// title and three recipe cards, and a details screen with an image, a title and a close button.
/// `scrim/loadScene { scene: "demo" }` loads it; `scrim run` presents `details` over it.
@MainActor
public enum DemoScene {
    /// The cards' frames on the home screen, top to bottom (the pop animator's `originFrame`).
    public static let cardFrames = (0..<3).map { Rect(x: 20, y: 120 + Double($0) * 220, width: 350, height: 200) }
    /// The cards' colors, top to bottom (the details image takes the first).
    static let cardColors = [
        Color(red: 0.95, green: 0.55, blue: 0.35), Color(red: 0.40, green: 0.70, blue: 0.45),
        Color(red: 0.35, green: 0.55, blue: 0.85),
    ]

    /// The scene as JSON, exactly as a client would send it.
    public static let json: JSONValue = {
        func rect(_ r: Rect) -> JSONValue {
            ["x": .double(r.minX), "y": .double(r.minY), "width": .double(r.width), "height": .double(r.height)]
        }
        func color(_ c: Color) -> JSONValue { [.double(c.red), .double(c.green), .double(c.blue), .double(c.alpha)] }
        let cards: [JSONValue] = zip(cardFrames, cardColors).enumerated().map { index, card in
            ["id": .string("card\(index + 1)"), "name": "recipe card", "frame": rect(card.0), "backgroundColor": color(card.1),
             "cornerRadius": 20]
        }
        let home: JSONValue = [
            "id": "home", "title": "Recipes",
            "view": [
                "frame": rect(Rect(x: 0, y: 0, width: 390, height: 844)), "backgroundColor": color(.white),
                "subviews": .array([["id": "home.title", "name": "title", "frame": rect(Rect(x: 20, y: 60, width: 350, height: 44))]] + cards),
            ],
        ]
        let details: JSONValue = [
            "id": "details", "title": "Details",
            "view": [
                "frame": rect(Rect(x: 0, y: 0, width: 390, height: 844)), "backgroundColor": color(.white),
                "subviews": [
                    ["id": "details.image", "name": "image", "frame": rect(Rect(x: 0, y: 0, width: 390, height: 390)),
                     "backgroundColor": color(cardColors[0])],
                    ["id": "details.title", "name": "title", "frame": rect(Rect(x: 20, y: 410, width: 350, height: 40))],
                    ["id": "details.close", "name": "close button", "frame": rect(Rect(x: 330, y: 50, width: 40, height: 40)),
                     "cornerRadius": 20, "backgroundColor": color(Color(red: 0, green: 0, blue: 0, alpha: 0.5))],
                ],
            ],
        ]
        return ["window": ["width": 390, "height": 844], "root": "home", "viewControllers": [home, details]]
    }()

    /// The scene, decoded.
    public static var description: SceneDescription {
        // The literal above is a valid scene; a failure here is a programmer error.
        try! SceneDescription(Params(json, path: "scene"))
    }
}
