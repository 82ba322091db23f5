import ScrimCore

/// The built-in demo scene (Docs/Protocol.md, "The demo scene"), a small storyboard: the recipe
/// app of the tutorial — a navigation controller `nav` (the window's root) whose stack holds the
/// home screen (a title label, three recipe cards each with a title label, and an info button),
/// a details screen with an image, a title label and a close button, and an about popover; details and about are templates, not in the
/// window until shown.
/// A show segue per card pushes the details, the info button's popover segue shows about, and the
/// close button unwinds to the home screen. `scrim/loadScene { scene: "demo" }` loads it; `scrim
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

    /// The cards' titles, top to bottom (the details title is the first).
    static let recipeTitles = ["Pasta", "Salad", "Soup"]

    /// The scene as option values, as a scene file would give it.
    package static let options: OptionValue = {
        func view(_ id: String, _ name: String?, _ frame: Rect, color: Color? = nil, radius: Double? = nil) -> OptionValue {
            var table: [String: OptionValue] = ["id": .string(id), "frame": .rect(frame)]
            if let name { table["name"] = .string(name) }
            if let color { table["backgroundColor"] = .color(color) }
            if let radius { table["cornerRadius"] = .number(radius) }
            return .table(table)
        }
        func label(_ id: String, _ text: String, _ frame: Rect, fontSize: Double, color: Color = .black) -> OptionValue {
            guard case .table(var table) = view(id, "title", frame) else { fatalError("a view is a table") }
            table["kind"] = .string("label")
            table["text"] = .string(text)
            table["fontSize"] = .number(fontSize)
            table["fontWeight"] = .string("bold")
            table["textColor"] = .color(color)
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
        let cards = zip(cardFrames, cardColors).enumerated().map { index, card -> OptionValue in
            guard case .table(var table) = view("card\(index + 1)", "recipe card", card.0, color: card.1, radius: 20) else {
                fatalError("a view is a table")
            }
            table["subviews"] = .array([
                label(
                    "card\(index + 1).title", recipeTitles[index], Rect(x: 20, y: 146, width: 310, height: 34),
                    fontSize: 28, color: .white)
            ])
            return .table(table)
        }
        // The home screen is the storyboard's source: a show segue per card, a popover segue for
        // the info button, and the unwind action the details' close button goes back to.
        guard case .table(var home) = controller(
            "home", "Recipes",
            subviews: [label("home.title", "Recipes", Rect(x: 20, y: 60, width: 350, height: 44), fontSize: 34)] + cards + [
                view("home.info", "info button", Rect(x: 334, y: 64, width: 36, height: 36), color: cardColors[2], radius: 18),
            ])
        else { fatalError("a controller is a table") }
        func segue(_ identifier: String, _ kind: String, destination: String? = nil, trigger: String, action: String? = nil) -> OptionValue {
            var table: [String: OptionValue] = ["identifier": .string(identifier), "kind": .string(kind), "trigger": .string(trigger)]
            if let destination { table["destination"] = .string(destination) }
            if let action { table["action"] = .string(action) }
            return .table(table)
        }
        home["segues"] = .array(
            (1...3).map { segue("showRecipe\($0)", "show", destination: "details", trigger: "card\($0)") }
                + [segue("showInfo", "popover", destination: "about", trigger: "home.info")])
        home["unwindActions"] = .array([.string("unwindToRecipes")])
        guard case .table(var details) = controller(
            "details", "Details",
            subviews: [
                view("details.image", "image", Rect(x: 0, y: 0, width: 390, height: 390), color: cardColors[0]),
                label("details.title", recipeTitles[0], Rect(x: 20, y: 410, width: 350, height: 40), fontSize: 28),
                view(
                    "details.close", "close button", Rect(x: 330, y: 50, width: 40, height: 40),
                    color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 20),
            ])
        else { fatalError("a controller is a table") }
        details["segues"] = .array([segue("close", "unwind", trigger: "details.close", action: "unwindToRecipes")])
        // Presented as a popover (`scrim run --style popover`), the details point at the first card.
        details["popover"] = .table(["sourceView": .string("card1")])
        // What the info button shows: a small popover (full screen in this compact window).
        guard case .table(var about) = controller(
            "about", "About",
            subviews: [view("about.text", "text", Rect(x: 20, y: 20, width: 240, height: 80))])
        else { fatalError("a controller is a table") }
        about["preferredContentSize"] = .size(Size(width: 280, height: 160))
        about["view"] = .table([
            "frame": .rect(Rect(x: 0, y: 0, width: 280, height: 160)), "backgroundColor": .color(.white),
            "subviews": .array([view("about.text", "text", Rect(x: 20, y: 20, width: 240, height: 80))]),
        ])
        return .table([
            "window": .size(Size(width: 390, height: 844)), "root": .string("nav"),
            "viewControllers": .array([navigation, .table(home), .table(details), .table(about)]),
        ])
    }()

    /// The scene, decoded.
    package static var description: SceneDescription {
        // The literal above is a valid scene; a failure here is a programmer error.
        try! SceneDescription(OptionReader(value: options, path: "scene"))
    }
}
