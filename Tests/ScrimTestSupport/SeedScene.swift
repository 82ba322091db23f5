import ScrimCore

/// The standard scene of the seed examples (the recipe app, reduced): a 390×844 window on a
/// 60 fps manual clock; the root view controller `"root"` with a white full-window view holding one
/// recipe card `"card1"` at (20, 120, 350, 200) (corner radius 20); a details view controller
/// `"details"` with a white view, presented with `style` and `delegate`. Nothing is presented yet.
///
/// As a JSON scene (Docs/Protocol.md, "Scenes"): `{ window: { width: 390, height: 844 }, root: "root",
/// viewControllers: [{ id: "root", view: { id: "root", frame: {0, 0, 390, 844}, backgroundColor:
/// [1, 1, 1, 1], subviews: [{ id: "card1", frame: {20, 120, 350, 200}, cornerRadius: 20,
/// backgroundColor: [0.95, 0.55, 0.35, 1] }] } }, { id: "details", view: { id: "details",
/// frame: {0, 0, 390, 844}, backgroundColor: [1, 1, 1, 1] } }] }`.
@MainActor
public final class SeedScene {
    public static let cardFrame = Rect(x: 20, y: 120, width: 350, height: 200)
    public static let cardColor = Color(red: 0.95, green: 0.55, blue: 0.35)

    public let fixture: TransitionFixture
    public let card: View
    public let details: ViewController
    /// The details' transitioning delegate.
    public let transitioningDelegate: any TransitioningDelegate

    /// The transitioning delegate as the seeds' `SeedDelegate` (for scenes made with one; a scene
    /// made with another delegate traps here).
    public var delegate: SeedDelegate { transitioningDelegate as! SeedDelegate }
    public var window: Window { fixture.window }
    public var root: ViewController { fixture.root }

    private init(
        fixture: TransitionFixture, card: View, details: ViewController, delegate: any TransitioningDelegate
    ) {
        self.fixture = fixture
        self.card = card
        self.details = details
        transitioningDelegate = delegate
    }

    /// Builds the scene in a new 390×844 window on a 60 fps manual clock; `makeDelegate` receives
    /// the card (the pop's source view).
    public static func make(
        style: ModalPresentationStyle = .fullScreen, delegate makeDelegate: (View) -> SeedDelegate
    ) throws -> SeedScene {
        try make(on: TransitionFixture(size: Window.defaultSize, frameRate: 60), style: style, transitioningDelegate: makeDelegate)
    }

    /// Builds the scene in the window of `fixture` (an embedding host's window, say, to run the same
    /// scene with other roles); `makeDelegate` receives the card and returns the details' delegate.
    public static func make(
        on fixture: TransitionFixture, style: ModalPresentationStyle = .fullScreen,
        transitioningDelegate makeDelegate: (View) throws -> any TransitioningDelegate
    ) rethrows -> SeedScene {
        fixture.root.view.backgroundColor = .white
        let card = View(id: "card1", frame: cardFrame)
        card.cornerRadius = 20
        card.backgroundColor = cardColor
        fixture.root.view.addSubview(card)
        let details = ViewController(id: "details", title: "Details")
        details.view.frame = fixture.window.bounds
        details.view.backgroundColor = .white
        details.modalPresentationStyle = style
        let delegate = try makeDelegate(card)
        details.transitioningDelegate = delegate
        return SeedScene(fixture: fixture, card: card, details: details, delegate: delegate)
    }

    /// Presents the details without animation and lets the presentation happen (one tick);
    /// clears the recorded events.
    public func presentWithoutAnimation() throws {
        try root.present(details, animated: false)
        try fixture.advance(1.0 / 60)
        fixture.clearEvents()
    }
}
