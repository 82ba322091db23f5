import Testing
@testable import ScrimCore

/// Geometry, hierarchy, coordinate conversion and snapshots of `View`, plus the basics of
/// `ViewController` and `Window`.
@MainActor @Suite struct ViewGeometryTests {
    /// Identity of the subviews, back to front.
    private func ids(_ view: View) -> [String] { view.subviews.map(\.id) }

    // MARK: frame, center, bounds, transform

    @Test func initialFrameSetsCenterAndBounds() {
        let view = View(id: "v", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.transform == .identity)
        #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func identityFrameIsTheRectCenteredOnCenter() {
        let view = View(id: "v")
        view.center = Point(x: 200, y: 300)
        view.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
        #expect(view.frame == Rect(x: 160, y: 280, width: 80, height: 40))
    }

    @Test func scaledFrameDoublesAroundTheCenter() {
        let view = View(id: "v", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        view.transform = .scale(2, 2)
        #expect(view.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func rotatedFrameIsTheBoundingBoxAroundTheSameCenter() {
        let view = View(id: "v", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        view.transform = .rotation(.pi / 2)
        #expect(isApprox(view.frame, Rect(x: 35, y: -5, width: 50, height: 100)))
        #expect(isApprox(view.frame.midX, 60) && isApprox(view.frame.midY, 45))
        #expect(view.bounds.size == Size(width: 100, height: 50))
    }

    @Test func translatedFrameMovesButCenterDoesNot() {
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.transform = .translation(30, -10)
        #expect(view.frame == Rect(x: 30, y: -10, width: 100, height: 100))
        #expect(view.center == Point(x: 50, y: 50))
    }

    @Test func settingFrameSetsCenterAndBoundsSize() {
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.frame = Rect(x: 20, y: 40, width: 100, height: 60)
        #expect(view.center == Point(x: 70, y: 70))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(view.frame == Rect(x: 20, y: 40, width: 100, height: 60))
    }

    @Test func settingFrameLeavesTheBoundsOriginAlone() {
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.bounds = Rect(x: 5, y: 150, width: 10, height: 10)
        view.frame = Rect(x: 20, y: 40, width: 100, height: 60)
        #expect(view.bounds == Rect(x: 5, y: 150, width: 100, height: 60))
        #expect(view.center == Point(x: 70, y: 70))
        // The bounds origin does not move the frame either.
        #expect(view.frame == Rect(x: 20, y: 40, width: 100, height: 60))
    }

    @Test func settingANegativeSizeFrameStandardizesIt() {
        let view = View(id: "v")
        view.frame = Rect(x: 100, y: 50, width: -40, height: -20)  // covers 60…100 × 30…50
        #expect(view.center == Point(x: 80, y: 40))
        #expect(view.bounds.size == Size(width: 40, height: 20))
        #expect(view.frame == Rect(x: 60, y: 30, width: 40, height: 20))
    }

    @Test func settingFrameWithATransformKeepsTheTransform() {
        let view = View(id: "v")
        view.transform = .scale(2, 2)
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(view.transform == .scale(2, 2))
        #expect(view.center == Point(x: 50, y: 50))
        #expect(view.bounds.size == Size(width: 100, height: 100))
        #expect(view.frame == Rect(x: -50, y: -50, width: 200, height: 200))
    }

    @Test func nonAnimatablePropertiesHaveUIKitDefaults() {
        let view = View(id: "v")
        #expect(view.alpha == 1)
        #expect(view.backgroundColor == .clear)
        #expect(view.cornerRadius == 0)
        #expect(!view.isHidden)
        #expect(!view.clipsToBounds)
        #expect(view.tag == 0)
        #expect(view.name == nil)
        #expect(view.frame == .zero)
    }

    // MARK: Model and presentation

    @Test func presentationEqualsModelWhenNothingAnimates() throws {
        let f = try EngineFixture()
        let view = f.addView("v", frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.presentation == view.model)
        view.center = Point(x: 5, y: 6)
        view.bounds = Rect(x: 1, y: 2, width: 70, height: 80)
        view.transform = .rotation(0.3)
        view.alpha = 0.4
        view.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9)
        view.cornerRadius = 12
        #expect(view.presentation == view.model)
        #expect(view.presentation.center == Point(x: 5, y: 6))
        #expect(view.presentation.bounds == Rect(x: 1, y: 2, width: 70, height: 80))
        #expect(view.presentation.transform == .rotation(0.3))
        #expect(view.presentation.alpha == 0.4)
        #expect(view.presentation.backgroundColor == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9))
        #expect(view.presentation.cornerRadius == 12)
        #expect(view.presentation.frame == view.frame)
        for property in AnimatableProperty.allCases { #expect(!view.isAnimating(property)) }
    }

    @Test func presentationDiffersOnlyWhileAnimating() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 })
        try f.advance(0.5)
        #expect(view.alpha == 0)
        #expect(view.presentation.alpha == 0.5)
        #expect(view.presentation != view.model)
        try f.advance(0.5)
        #expect(view.presentation == view.model)
    }

    // MARK: Hierarchy

    @Test func addSubviewStacksBackToFront() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.addSubview(c)
        #expect(ids(parent) == ["a", "b", "c"])
        #expect(a.superview === parent && b.superview === parent && c.superview === parent)
        #expect(parent.superview == nil)
    }

    @Test func addingAnExistingSubviewAgainBringsItToTheFront() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.addSubview(a)
        #expect(ids(parent) == ["b", "c", "a"])
    }

    @Test func insertSubviewAtIndex() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 1)
        #expect(ids(parent) == ["a", "c", "b"])
        #expect(c.superview === parent)
        let d = View(id: "d")
        parent.insertSubview(d, at: 0)
        #expect(ids(parent) == ["d", "a", "c", "b"])
    }

    @Test func insertSubviewAtAnOutOfRangeIndexIsClamped() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        parent.addSubview(a)
        parent.insertSubview(b, at: 99)
        parent.insertSubview(c, at: -3)
        #expect(ids(parent) == ["c", "a", "b"])
    }

    @Test func insertSubviewAtMovesAnExistingSubview() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.insertSubview(c, at: 0)
        #expect(ids(parent) == ["c", "a", "b"])
        parent.insertSubview(c, at: 2)
        #expect(ids(parent) == ["a", "b", "c"])
    }

    @Test func insertSubviewBelowSubview() {
        let parent = View(id: "parent")
        let (a, b, c, d) = (View(id: "a"), View(id: "b"), View(id: "c"), View(id: "d"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.insertSubview(d, belowSubview: b)
        #expect(ids(parent) == ["a", "d", "b", "c"])
        #expect(d.superview === parent)
        parent.insertSubview(d, belowSubview: a)
        #expect(ids(parent) == ["d", "a", "b", "c"])
    }

    @Test func insertSubviewBelowSubviewMovesAnExistingSubview() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.insertSubview(a, belowSubview: c)  // moving up
        #expect(ids(parent) == ["b", "a", "c"])
        parent.insertSubview(c, belowSubview: b)  // moving down
        #expect(ids(parent) == ["c", "b", "a"])
    }

    @Test func insertSubviewAboveSubview() {
        let parent = View(id: "parent")
        let (a, b, c, d) = (View(id: "a"), View(id: "b"), View(id: "c"), View(id: "d"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.insertSubview(d, aboveSubview: a)
        #expect(ids(parent) == ["a", "d", "b", "c"])
        parent.insertSubview(d, aboveSubview: c)
        #expect(ids(parent) == ["a", "b", "c", "d"])
    }

    @Test func insertSubviewAboveSubviewMovesAnExistingSubview() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.insertSubview(a, aboveSubview: c)  // moving up
        #expect(ids(parent) == ["b", "c", "a"])
        parent.insertSubview(a, aboveSubview: b)  // moving down
        #expect(ids(parent) == ["b", "a", "c"])
    }

    @Test func insertingNextToASiblingTakesTheViewFromItsOldSuperview() {
        let parent = View(id: "parent"), other = View(id: "other")
        let (a, b, moving) = (View(id: "a"), View(id: "b"), View(id: "moving"))
        parent.addSubview(a)
        parent.addSubview(b)
        other.addSubview(moving)
        parent.insertSubview(moving, belowSubview: b)
        #expect(ids(parent) == ["a", "moving", "b"])
        #expect(other.subviews.isEmpty)
        #expect(moving.superview === parent)
    }

    @Test func bringSubviewToFrontAndSendSubviewToBack() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        parent.bringSubviewToFront(a)
        #expect(ids(parent) == ["b", "c", "a"])
        parent.sendSubviewToBack(c)
        #expect(ids(parent) == ["c", "b", "a"])
        parent.bringSubviewToFront(a)  // already at the front
        #expect(ids(parent) == ["c", "b", "a"])
    }

    @Test func bringAndSendIgnoreViewsThatAreNotSubviews() {
        let parent = View(id: "parent"), stranger = View(id: "stranger")
        let (a, b) = (View(id: "a"), View(id: "b"))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.bringSubviewToFront(stranger)
        parent.sendSubviewToBack(stranger)
        #expect(ids(parent) == ["a", "b"])
        #expect(stranger.superview == nil)
    }

    @Test func removeFromSuperview() {
        let parent = View(id: "parent")
        let (a, b, c) = (View(id: "a"), View(id: "b"), View(id: "c"))
        for view in [a, b, c] { parent.addSubview(view) }
        b.removeFromSuperview()
        #expect(ids(parent) == ["a", "c"])
        #expect(b.superview == nil)
        b.removeFromSuperview()  // a second time is harmless
        #expect(ids(parent) == ["a", "c"])
        #expect(b.superview == nil)
    }

    @Test func addingToAnotherSuperviewMovesTheView() {
        let first = View(id: "first"), second = View(id: "second")
        let (a, b) = (View(id: "a"), View(id: "b"))
        first.addSubview(a)
        first.addSubview(b)
        second.addSubview(a)
        #expect(ids(first) == ["b"])
        #expect(ids(second) == ["a"])
        #expect(a.superview === second)
    }

    @Test func windowIsFoundThroughAncestors() throws {
        let f = try EngineFixture()
        let parent = f.addView("parent")
        let child = View(id: "child"), grandchild = View(id: "grandchild")
        parent.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.window === f.window)
        #expect(child.window === f.window)
        #expect(parent.window === f.window)
        #expect(f.window.window === f.window)
        child.removeFromSuperview()
        #expect(grandchild.window == nil)
        #expect(child.window == nil)
        #expect(View(id: "loose").window == nil)
    }

    @Test func isDescendantOf() {
        let root = View(id: "root"), child = View(id: "child"), grandchild = View(id: "grandchild")
        let sibling = View(id: "sibling")
        root.addSubview(child)
        root.addSubview(sibling)
        child.addSubview(grandchild)
        #expect(grandchild.isDescendant(of: child))
        #expect(grandchild.isDescendant(of: root))
        #expect(grandchild.isDescendant(of: grandchild))  // as UIKit: a view is its own descendant
        #expect(!child.isDescendant(of: grandchild))
        #expect(!grandchild.isDescendant(of: sibling))
        #expect(!root.isDescendant(of: child))
    }

    // MARK: Coordinate conversion

    /// window ⊃ parent (10, 20, 200, 200) ⊃ child (5, 5, 50, 50); window ⊃ other (100, 100, 50, 50).
    private func nestedViews() throws -> (EngineFixture, parent: View, child: View, other: View) {
        let f = try EngineFixture()
        let parent = f.addView("parent", frame: Rect(x: 10, y: 20, width: 200, height: 200))
        let child = View(id: "child", frame: Rect(x: 5, y: 5, width: 50, height: 50))
        parent.addSubview(child)
        let other = f.addView("other", frame: Rect(x: 100, y: 100, width: 50, height: 50))
        return (f, parent, child, other)
    }

    @Test func convertPointBetweenNestedViews() throws {
        let (f, parent, child, other) = try nestedViews()
        #expect(child.convert(Point(x: 1, y: 1), to: parent) == Point(x: 6, y: 6))
        #expect(child.convert(Point(x: 1, y: 1), to: f.window) == Point(x: 16, y: 26))
        #expect(parent.convert(Point(x: 6, y: 6), to: child) == Point(x: 1, y: 1))
        #expect(f.window.convert(Point(x: 16, y: 26), to: child) == Point(x: 1, y: 1))
        #expect(child.convert(Point(x: 1, y: 1), to: other) == Point(x: -84, y: -74))
        #expect(other.convert(Point(x: -84, y: -74), to: child) == Point(x: 1, y: 1))
        #expect(child.convert(Point(x: 7, y: 8), to: child) == Point(x: 7, y: 8))
    }

    @Test func convertPointToNilGivesWindowCoordinates() throws {
        let (f, _, child, _) = try nestedViews()
        #expect(child.convert(Point(x: 1, y: 1), to: nil) == Point(x: 16, y: 26))
        #expect(child.convert(Point(x: 1, y: 1), to: nil) == child.convert(Point(x: 1, y: 1), to: f.window))
        #expect(f.window.convert(Point(x: 3, y: 4), to: nil) == Point(x: 3, y: 4))
    }

    @Test func convertRectBetweenNestedViews() throws {
        let (f, parent, child, other) = try nestedViews()
        #expect(child.convert(child.bounds, to: parent) == Rect(x: 5, y: 5, width: 50, height: 50))
        #expect(child.convert(child.bounds, to: f.window) == Rect(x: 15, y: 25, width: 50, height: 50))
        #expect(child.convert(child.bounds, to: nil) == Rect(x: 15, y: 25, width: 50, height: 50))
        #expect(f.window.convert(Rect(x: 15, y: 25, width: 10, height: 20), to: child) == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(child.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: other) == Rect(x: -85, y: -75, width: 10, height: 10))
    }

    @Test func convertThroughAScrolledBoundsOrigin() throws {
        let f = try EngineFixture()
        // A scroll view at (0, 100) showing its content from (20, 150) on.
        let scroll = f.addView("scroll", frame: Rect(x: 0, y: 100, width: 200, height: 300))
        scroll.bounds.origin = Point(x: 20, y: 150)
        let content = View(id: "content", frame: Rect(x: 0, y: 200, width: 100, height: 100))
        scroll.addSubview(content)
        // The scroll view's frame is not moved by scrolling.
        #expect(scroll.frame == Rect(x: 0, y: 100, width: 200, height: 300))
        // content (0, 0) is scroll (0, 200), which shows at window (0 − 20, 100 + 200 − 150).
        #expect(content.convert(Point(x: 0, y: 0), to: nil) == Point(x: -20, y: 150))
        #expect(scroll.convert(Point(x: 20, y: 150), to: f.window) == Point(x: 0, y: 100))
        #expect(f.window.convert(Point(x: 0, y: 100), to: scroll) == Point(x: 20, y: 150))
        #expect(f.window.convert(Point(x: -20, y: 150), to: content) == Point(x: 0, y: 0))
        #expect(content.convert(content.bounds, to: f.window) == Rect(x: -20, y: 150, width: 100, height: 100))
    }

    @Test func convertThroughAScaledView() throws {
        let f = try EngineFixture()
        let scaled = f.addView("scaled", frame: Rect(x: 50, y: 50, width: 100, height: 100))
        scaled.transform = .scale(2, 2)  // frame now (0, 0, 200, 200)
        let inner = View(id: "inner", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        scaled.addSubview(inner)
        #expect(scaled.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 0))
        #expect(scaled.convert(Point(x: 50, y: 50), to: nil) == Point(x: 100, y: 100))
        #expect(scaled.convert(Point(x: 100, y: 25), to: nil) == Point(x: 200, y: 50))
        #expect(scaled.convert(scaled.bounds, to: nil) == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(inner.convert(Point(x: 0, y: 0), to: f.window) == Point(x: 20, y: 20))
        #expect(inner.convert(inner.bounds, to: nil) == Rect(x: 20, y: 20, width: 40, height: 40))
        #expect(f.window.convert(Point(x: 20, y: 20), to: inner) == Point(x: 0, y: 0))
        #expect(f.window.convert(Rect(x: 0, y: 0, width: 200, height: 200), to: scaled) == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func convertThroughARotatedView() throws {
        let f = try EngineFixture()
        let rotated = f.addView("rotated", frame: Rect(x: 50, y: 75, width: 100, height: 50))  // center (100, 100)
        rotated.transform = .rotation(.pi / 2)
        // Local (0, 0) is (−50, −25) from the center; a quarter turn takes it to (25, −50).
        #expect(isApprox(rotated.convert(Point(x: 0, y: 0), to: nil), Point(x: 125, y: 50)))
        #expect(isApprox(rotated.convert(rotated.bounds, to: nil), rotated.frame))
        #expect(isApprox(f.window.convert(Point(x: 125, y: 50), to: rotated), Point(x: 0, y: 0)))
    }

    // MARK: Snapshots

    @Test func snapshotCopiesPresentationValuesAndSubviewsRecursively() throws {
        let f = try EngineFixture()
        let parent = f.addView("parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        parent.cornerRadius = 8
        parent.clipsToBounds = true
        let child = View(id: "child", frame: Rect(x: 10, y: 10, width: 30, height: 30))
        child.name = "badge"
        child.alpha = 0.5
        child.isHidden = true
        parent.addSubview(child)
        let grandchild = View(id: "grandchild", frame: Rect(x: 1, y: 2, width: 3, height: 4))
        grandchild.transform = .rotation(0.25)
        child.addSubview(grandchild)

        try View.animate(withDuration: 1, options: .curveLinear, animations: {
            parent.center = Point(x: 150, y: 250)  // from (50, 50)
            parent.alpha = 0
        })
        try f.advance(0.5)
        #expect(parent.presentation.center == Point(x: 100, y: 150))
        #expect(parent.presentation.alpha == 0.5)

        let snapshot = parent.snapshotView()
        #expect(snapshot !== parent)
        #expect(snapshot.id != parent.id)
        // Its values are the presentation (mid-animation), as model and presentation alike.
        #expect(snapshot.model == parent.presentation)
        #expect(snapshot.presentation == parent.presentation)
        #expect(snapshot.center == Point(x: 100, y: 150))
        #expect(snapshot.alpha == 0.5)
        #expect(snapshot.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(snapshot.cornerRadius == 8)
        #expect(snapshot.clipsToBounds)
        #expect(!snapshot.isHidden)

        // Not added anywhere, and the original hierarchy is untouched.
        #expect(snapshot.superview == nil)
        #expect(snapshot.window == nil)
        #expect(parent.superview === f.window)
        #expect(parent.subviews.count == 1 && parent.subviews[0] === child)
        #expect(child.subviews.count == 1 && child.subviews[0] === grandchild)

        // Subviews are copied recursively, as new views.
        try #require(snapshot.subviews.count == 1)
        let childCopy = snapshot.subviews[0]
        #expect(childCopy !== child)
        #expect(childCopy.superview === snapshot)
        #expect(childCopy.model == child.presentation)
        #expect(childCopy.alpha == 0.5)
        #expect(childCopy.isHidden)
        #expect(childCopy.name == "badge")
        try #require(childCopy.subviews.count == 1)
        let grandchildCopy = childCopy.subviews[0]
        #expect(grandchildCopy !== grandchild)
        #expect(grandchildCopy.model == grandchild.presentation)
        #expect(grandchildCopy.transform == .rotation(0.25))
        #expect(grandchildCopy.subviews.isEmpty)

        // The snapshot does not follow the animation.
        #expect(!snapshot.isAnimating(.center) && !snapshot.isAnimating(.alpha))
        try f.advance(0.5)
        #expect(parent.presentation.center == Point(x: 150, y: 250))
        #expect(snapshot.presentation.center == Point(x: 100, y: 150))
        #expect(snapshot.presentation.alpha == 0.5)
    }

    // MARK: ViewController

    private final class CountingViewController: ViewController {
        var loads = 0
        var didLoads = 0
        override func loadView() -> View {
            loads += 1
            return View(id: "custom-\(id)", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        }
        override func viewDidLoad() { didLoads += 1 }
    }

    @Test func viewIsCreatedLazilyOnce() {
        let controller = ViewController(id: "home", title: "Home")
        #expect(controller.id == "home")
        #expect(controller.title == "Home")
        #expect(!controller.isViewLoaded)
        let first = controller.view
        #expect(controller.isViewLoaded)
        let second = controller.view
        #expect(first === second)
        #expect(first.id == "home")
    }

    @Test func loadViewAndViewDidLoadRunOnceOnFirstAccess() {
        let controller = CountingViewController(id: "counted")
        #expect(controller.loads == 0 && controller.didLoads == 0)
        #expect(!controller.isViewLoaded)
        let view = controller.view
        _ = controller.view
        _ = controller.view
        #expect(controller.loads == 1)
        #expect(controller.didLoads == 1)
        #expect(view.id == "custom-counted")
        #expect(controller.view === view)
    }

    // MARK: Window

    @Test func windowDefaults() throws {
        let clock = try ManualClock()
        let engine = AnimationEngine(clock: clock)
        let window = Window(engine: engine)
        #expect(window.engine === engine)
        #expect(window.id == "window")
        #expect(Window.defaultSize == Size(width: 390, height: 844))
        #expect(window.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.superview == nil)
        #expect(window.rootViewController == nil)
        #expect(window.traitCollection.horizontalSizeClass == .compact)
    }

    @Test(arguments: [(320.0, UserInterfaceSizeClass.compact), (599.0, .compact), (599.999, .compact),
                      (600.0, .regular), (768.0, .regular), (1366.0, .regular)])
    func sizeClassFollowsTheWidth(width: Double, expected: UserInterfaceSizeClass) throws {
        let engine = AnimationEngine(clock: try ManualClock())
        let window = Window(size: Size(width: width, height: 800), engine: engine)
        #expect(window.bounds.size == Size(width: width, height: 800))
        #expect(window.traitCollection.horizontalSizeClass == expected)
        #expect(TraitCollection.forWidth(width).horizontalSizeClass == expected)
    }

    @Test func sizeClassFollowsAResizedWindow() throws {
        let f = try EngineFixture()
        #expect(f.window.traitCollection.horizontalSizeClass == .compact)
        f.window.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        #expect(f.window.traitCollection.horizontalSizeClass == .regular)
        f.window.frame = Rect(x: 0, y: 0, width: 500, height: 768)
        #expect(f.window.traitCollection.horizontalSizeClass == .compact)
    }

    @Test func forcedSizeClassWins() throws {
        let engine = AnimationEngine(clock: try ManualClock())
        let narrow = Window(engine: engine)
        narrow.forcedHorizontalSizeClass = .regular
        #expect(narrow.traitCollection.horizontalSizeClass == .regular)
        let wide = Window(size: Size(width: 1024, height: 768), engine: engine)
        wide.forcedHorizontalSizeClass = .compact
        #expect(wide.traitCollection.horizontalSizeClass == .compact)
        wide.forcedHorizontalSizeClass = nil
        #expect(wide.traitCollection.horizontalSizeClass == .regular)
    }

    @Test func rootViewControllersViewFillsTheWindowAsItsFirstSubview() throws {
        let f = try EngineFixture()
        _ = f.addView("overlay", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let root = ViewController(id: "root")
        f.window.rootViewController = root
        #expect(root.isViewLoaded)
        #expect(root.view.frame == f.window.bounds)
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(root.view.superview === f.window)
        #expect(root.view.window === f.window)
        #expect(f.window.subviews.first === root.view)
        #expect(ids(f.window) == ["root", "overlay"])
    }

    @Test func replacingTheRootViewControllerSwapsItsView() throws {
        let f = try EngineFixture()
        let first = ViewController(id: "first"), second = ViewController(id: "second")
        f.window.rootViewController = first
        f.window.rootViewController = second
        #expect(first.view.superview == nil)
        #expect(second.view.superview === f.window)
        #expect(ids(f.window) == ["second"])
        #expect(second.view.frame == f.window.bounds)
    }

    // MARK: Identifiers

    @Test func generatedIdentifiersAreUnique() {
        let views = (0..<200).map { _ in View() }
        let generated = Set(views.map(\.id))
        #expect(generated.count == 200)
        #expect(views.allSatisfy { $0.id.hasPrefix("view-") })
        #expect(View(id: "given").id == "given")
        #expect(!generated.contains(View().id))
    }
}
