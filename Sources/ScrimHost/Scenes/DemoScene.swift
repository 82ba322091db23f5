import ScrimCore

/// The built-in demo scene (SPEC §7.6): the recipe app of the tutorial — a navigation controller
/// `nav` (the window's root) whose stack holds the home screen, a title and three recipe cards, and
/// a details screen with an image, a title and a close button that is a template: not in the
/// window until it is presented or pushed. `scrim/loadScene { scene: "demo" }` loads it; `scrim
/// run` presents `details` (from `nav`, which covers the window), `scrim run --push` pushes it.
@MainActor
package enum DemoScene {
    /// The cards' frames on the home screen, top to bottom (the pop animator's `originFrame`).
    package static let cardFrames = (0..<3).map { Rect(x: 20, y: 120 + Double($0) * 220, width: 350, height: 200) }
    /// The cards' colors, top to bottom (the details image takes the first).
    static let cardColors = [
        Color(red: 0.95, green: 0.55, blue: 0.35), Color(red: 0.40, green: 0.70, blue: 0.45),
        Color(red: 0.35, green: 0.55, blue: 0.85),
    ]

    /// The scene as option values, as a scene file would give it.
    package static let options: OptionValue = {
        func view(_ id: String, _ name: String?, _ frame: Rect, color: Color? = nil, radius: Double? = nil) -> OptionValue {
            var table: [String: OptionValue] = ["id": .string(id), "frame": .rect(frame)]
            if let name { table["name"] = .string(name) }
            if let color { table["backgroundColor"] = .color(color) }
            if let radius { table["cornerRadius"] = .number(radius) }
            return .table(table)
        }
        func controller(_ id: String, _ title: String, subviews: [OptionValue]) -> OptionValue {
            .table([
                "id": .string(id), "title": .string(title),
                "view": .table([
                    "frame": .rect(Rect(x: 0, y: 0, width: 390, height: 844)), "backgroundColor": .color(.white),
                    "subviews": .array(subviews),
                ]),
            ])
        }
        // The navigation controller: its stack is the home screen, whose view fills its view.
        let navigation: OptionValue = .table([
            "id": .string("nav"), "kind": .string("navigation"), "title": .string("Recipes"),
            "view": .table(["frame": .rect(Rect(x: 0, y: 0, width: 390, height: 844)), "backgroundColor": .color(.white)]),
            "children": .array([.string("home")]),
        ])
        let cards = zip(cardFrames, cardColors).enumerated().map { index, card in
            view("card\(index + 1)", "recipe card", card.0, color: card.1, radius: 20)
        }
        let home = controller("home", "Recipes", subviews: [view("home.title", "title", Rect(x: 20, y: 60, width: 350, height: 44))] + cards)
        let details = controller(
            "details", "Details",
            subviews: [
                view("details.image", "image", Rect(x: 0, y: 0, width: 390, height: 390), color: cardColors[0]),
                view("details.title", "title", Rect(x: 20, y: 410, width: 350, height: 40)),
                view(
                    "details.close", "close button", Rect(x: 330, y: 50, width: 40, height: 40),
                    color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 20),
            ])
        return .table([
            "window": .size(Size(width: 390, height: 844)), "root": .string("nav"),
            "viewControllers": .array([navigation, home, details]),
        ])
    }()

    /// The scene, decoded.
    package static var description: SceneDescription {
        // The literal above is a valid scene; a failure here is a programmer error.
        try! SceneDescription(OptionReader(options, path: "scene"))
    }
}
