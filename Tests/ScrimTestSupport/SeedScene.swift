import ScrimCore

/// The standard scene of the seed examples (the recipe app, reduced): a 390×844 window on a
/// 60 fps manual clock; the root view controller `"root"` with a white full-window view holding one
/// recipe card `"card1"` at (20, 120, 350, 200) (corner radius 20); a details view controller
/// `"details"` with a white view, presented with `style` and `delegate`. Nothing is presented yet.
///
/// As a JSON scene (SPEC §7.6): `{ window: { width: 390, height: 844 }, root: "root",
/// viewControllers: [{ id: "root", view: { id: "root", frame: {0, 0, 390, 844}, backgroundColor:
/// [1, 1, 1, 1], subviews: [{ id: "card1", frame: {20, 120, 350, 200}, cornerRadius: 20,
/// backgroundColor: [0.95, 0.55, 0.35, 1] }] } }, { id: "details", view: { id: "details",
/// frame: {0, 0, 390, 844}, backgroundColor: [1, 1, 1, 1] } }] }`.
@MainActor
final class SeedScene {
    static let cardFrame = Rect(x: 20, y: 120, width: 350, height: 200)
    static let cardColor = Color(red: 0.95, green: 0.55, blue: 0.35)

    let fixture: TransitionFixture
    let card: View
    let details: ViewController
    let delegate: SeedDelegate

    var window: Window { fixture.window }
    var root: ViewController { fixture.root }

    private init(fixture: TransitionFixture, card: View, details: ViewController, delegate: SeedDelegate) {
        self.fixture = fixture
        self.card = card
        self.details = details
        self.delegate = delegate
    }

    /// Builds the scene; `makeDelegate` receives the card (the pop's source view).
    static func make(
        style: ModalPresentationStyle = .fullScreen, delegate makeDelegate: (View) -> SeedDelegate
    ) throws -> SeedScene {
        let fixture = try TransitionFixture(size: Window.defaultSize, frameRate: 60)
        fixture.root.view.backgroundColor = .white
        let card = View(id: "card1", frame: cardFrame)
        card.cornerRadius = 20
        card.backgroundColor = cardColor
        fixture.root.view.addSubview(card)
        let details = ViewController(id: "details", title: "Details")
        details.view.frame = fixture.window.bounds
        details.view.backgroundColor = .white
        details.modalPresentationStyle = style
        let delegate = makeDelegate(card)
        details.transitioningDelegate = delegate
        return SeedScene(fixture: fixture, card: card, details: details, delegate: delegate)
    }

    /// Presents the details without animation and lets the presentation happen (one tick);
    /// clears the recorded events.
    func presentWithoutAnimation() throws {
        try root.present(details, animated: false)
        try fixture.advance(1.0 / 60)
        fixture.clearEvents()
    }
}
