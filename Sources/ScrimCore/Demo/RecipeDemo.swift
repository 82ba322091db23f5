/// The built-in demo: the recipe app of the pop-animation tutorial. A home screen lists recipe
/// cards; tapping one zooms a details screen out of the card with a spring (damping 0.5,
/// velocity 0.2) while its corners go from 20 to 0.
@MainActor
public struct RecipeDemo {
    public let window: Window
    public let home: ViewController
    public let details: ViewController
    /// The cards of the home screen, top to bottom.
    public let cards: [View]

    public static let cardFrames = (0..<3).map { Rect(x: 20, y: 120 + Double($0) * 220, width: 350, height: 200) }
    public static let cardColors = [
        Color(red: 0.95, green: 0.55, blue: 0.35), Color(red: 0.40, green: 0.70, blue: 0.45),
        Color(red: 0.35, green: 0.55, blue: 0.85),
    ]
    /// The zoom's duration, as in the tutorial.
    public static let popDuration = 0.8

    /// Builds the scene in a new window on `engine`.
    public init(engine: AnimationEngine) {
        window = Window(engine: engine)
        home = ViewController(id: "home", title: "Recipes")
        home.view.backgroundColor = .white
        window.rootViewController = home
        let title = View(id: "home.title", frame: Rect(x: 20, y: 60, width: 350, height: 44))
        title.name = "title"
        home.view.addSubview(title)
        cards = zip(RecipeDemo.cardFrames, RecipeDemo.cardColors).enumerated().map { index, card in
            let view = View(id: "card\(index + 1)", frame: card.0)
            view.name = "recipe card"
            view.backgroundColor = card.1
            view.cornerRadius = 20
            return view
        }
        for card in cards { home.view.addSubview(card) }

        details = ViewController(id: "details", title: "Details")
        let detailsView = details.view
        detailsView.frame = window.bounds
        detailsView.backgroundColor = .white
        let image = View(id: "details.image", frame: Rect(x: 0, y: 0, width: 390, height: 390))
        image.name = "image"
        image.backgroundColor = RecipeDemo.cardColors[0]
        let heading = View(id: "details.title", frame: Rect(x: 20, y: 410, width: 350, height: 40))
        heading.name = "title"
        let close = View(id: "details.close", frame: Rect(x: 330, y: 50, width: 40, height: 40))
        close.name = "close button"
        close.cornerRadius = 20
        close.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        for view in [image, heading, close] { detailsView.addSubview(view) }
    }

    /// Starts the pop: the details view grows out of `card` to fill the window.
    public func pop(from card: View) throws {
        let detailsView = details.view
        let finalFrame = window.bounds
        detailsView.frame = card.frame
        detailsView.cornerRadius = 20
        detailsView.clipsToBounds = true
        window.addSubview(detailsView)
        try View.animate(
            withDuration: RecipeDemo.popDuration, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.2,
            animations: {
                detailsView.frame = finalFrame
                detailsView.cornerRadius = 0
            })
    }
}
