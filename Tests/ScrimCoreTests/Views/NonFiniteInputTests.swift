import Testing
@testable import ScrimCore

/// NaN and infinite geometry never reach a view: initializers ignore it, plain setters drop it,
/// and animation blocks and `performWithoutAnimationThrowing` throw it, naming the value.
@MainActor @Suite struct NonFiniteInputTests {
    nonisolated static let badFrames = [
        Rect(x: .nan, y: 0, width: 10, height: 10),
        Rect(x: 0, y: .infinity, width: 10, height: 10),
        Rect(x: 0, y: 0, width: -.infinity, height: 10),
        Rect(x: 0, y: 0, width: 10, height: .nan),
        // Finite, but its center overflows to infinity.
        Rect(x: .greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 10),
    ]

    @Test(arguments: badFrames)
    func aViewMadeWithANonFiniteFrameStartsAtZero(frame: Rect) {
        let view = View(id: "v", frame: frame)
        #expect(view.frame == .zero)
        #expect(view.center == Point(x: 0, y: 0))
        #expect(view.bounds == .zero)
        #expect(view.presentation == view.model)
        for property in AnimatableProperty.allCases { #expect(view.model.isFinite(property)) }
    }

    @Test func aViewMadeWithAFiniteFrameKeepsIt() {
        let view = View(id: "v", frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.presentation.center == Point(x: 25, y: 40))
    }

    @Test(arguments: badFrames)
    func settingANonFiniteFrameOutsideABlockChangesNothing(frame: Rect) {
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.frame = frame
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.presentation.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test(arguments: [
        Size(width: .nan, height: 800), Size(width: 400, height: .infinity), Size(width: -.infinity, height: .nan),
    ])
    func aWindowMadeWithANonFiniteSizeGetsTheDefaultSize(size: Size) throws {
        let window = Window(size: size, engine: AnimationEngine(clock: try ManualClock()))
        #expect(window.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.traitCollection.horizontalSizeClass == .compact)
    }

    @Test func aWindowMadeWithAFiniteSizeKeepsIt() throws {
        let window = Window(size: Size(width: 1024, height: 768), engine: AnimationEngine(clock: try ManualClock()))
        #expect(window.bounds == Rect(x: 0, y: 0, width: 1024, height: 768))
    }

    // MARK: performWithoutAnimationThrowing

    @Test func performWithoutAnimationThrowingAppliesAtOnce() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.performWithoutAnimationThrowing {
            view.alpha = 0.25
            view.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        }
        #expect(view.alpha == 0.25 && view.presentation.alpha == 0.25)
        #expect(view.presentation.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        #expect(f.engine.runningTrackCount == 0)
    }

    @Test func performWithoutAnimationThrowingEndsARunningAnimationUnfinished() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var finished: Bool?
        try View.animate(withDuration: 1, animations: { view.alpha = 0 }) { finished = $0 }
        try f.advance(0.5)
        try View.performWithoutAnimationThrowing { view.alpha = 0.75 }
        #expect(view.presentation.alpha == 0.75)
        #expect(!view.isAnimating(.alpha))
        f.clock.advance(frames: 1)
        #expect(finished == false)
    }

    @Test func performWithoutAnimationThrowingAppliesAtOnceInsideAnAnimationBlock() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.alpha = 0
            try View.performWithoutAnimationThrowing { view.cornerRadius = 8 }
        })
        #expect(view.presentation.cornerRadius == 8)
        #expect(!view.isAnimating(.cornerRadius))
        #expect(view.isAnimating(.alpha))
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0.5)
    }

    @Test func aNonFiniteValueInPerformWithoutAnimationThrowingThrowsAndAppliesNothing() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        var finished: Bool?
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.cornerRadius = 10 }) { finished = $0 }
        try f.advance(0.5)
        let error = #expect(throws: AnimationError.self) {
            try View.performWithoutAnimationThrowing {
                view.alpha = 0.5
                view.cornerRadius = 2
                view.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
                view.center = Point(x: 1, y: 1)
            }
        }
        #expect(error == .nonFiniteValue(property: "frame", value: "(nan, 0, 10, 10)", view: "card"))
        #expect(
            error?.description == "view 'card': frame (nan, 0, 10, 10) is not finite (NaN or infinite); nothing was changed")
        // Nothing applied: the model is back, and the running animation goes on undisturbed.
        #expect(view.alpha == 1 && view.presentation.alpha == 1)
        #expect(view.cornerRadius == 10 && view.isAnimating(.cornerRadius))
        #expect(view.presentation.cornerRadius == 5)
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        try f.advance(0.5)
        #expect(view.presentation.cornerRadius == 10)
        #expect(finished == true)
    }

    @Test(arguments: [
        (AnimatableProperty.alpha, "view 'v': alpha nan is not finite (NaN or infinite); nothing was changed"),
        (.cornerRadius, "view 'v': cornerRadius -inf is not finite (NaN or infinite); nothing was changed"),
        (.center, "view 'v': center (inf, 0) is not finite (NaN or infinite); nothing was changed"),
        (.transform, "view 'v': transform [nan, 0, 0, 1, 0, 0] is not finite (NaN or infinite); nothing was changed"),
        (.backgroundColor, "view 'v': backgroundColor rgba(1, nan, 0, 1) is not finite (NaN or infinite); nothing was changed"),
        (.anchorPoint, "view 'v': anchorPoint (nan, 0.5) is not finite (NaN or infinite); nothing was changed"),
        (.zPosition, "view 'v': zPosition inf is not finite (NaN or infinite); nothing was changed"),
        (.sublayerTransform, "view 'v': sublayerTransform [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, nan, 0, 0, 0, 1] is not finite (NaN or infinite); nothing was changed"),
        (.shadowOffset, "view 'v': shadowOffset 0×nan is not finite (NaN or infinite); nothing was changed"),
    ])
    func theMessageNamesTheBadValue(property: AnimatableProperty, message: String) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let error = #expect(throws: AnimationError.self) {
            try View.performWithoutAnimationThrowing {
                switch property {
                case .alpha: view.alpha = .nan
                case .cornerRadius: view.cornerRadius = -.infinity
                case .center: view.center = Point(x: .infinity, y: 0)
                case .transform: view.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
                case .backgroundColor: view.backgroundColor = Color(red: 1, green: .nan, blue: 0, alpha: 1)
                case .bounds: view.bounds = Rect(x: 0, y: 0, width: .nan, height: 0)
                case .anchorPoint: view.layer.anchorPoint = Point(x: .nan, y: 0.5)
                case .zPosition: view.layer.zPosition = .infinity
                case .sublayerTransform:
                    var perspective = Transform3D.identity
                    perspective.m34 = .nan
                    view.layer.sublayerTransform = perspective
                case .shadowOffset: view.layer.shadowOffset = Size(width: 0, height: .nan)
                default: Issue.record("no bad value for \(property)")
                }
            }
        }
        #expect(error?.description == message)
        #expect(view.model == View(id: "fresh", frame: Rect(x: 0, y: 0, width: 100, height: 100)).model)
    }

    @Test func anErrorThrownInPerformWithoutAnimationThrowingUndoesItsChanges() throws {
        struct Failure: Error {}
        let f = try EngineFixture()
        let view = f.addView("v")
        #expect(throws: Failure.self) {
            try View.performWithoutAnimationThrowing {
                view.alpha = 0
                throw Failure()
            }
        }
        #expect(view.alpha == 1 && view.presentation.alpha == 1)
    }

    @Test func aNonFiniteValueInsideNestedPerformWithoutAnimationThrowingFailsOnlyItself() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var inner: AnimationError?
        try View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.alpha = 0
            do {
                try View.performWithoutAnimationThrowing { view.cornerRadius = .nan }
            } catch let error as AnimationError {
                inner = error
            }
        })
        #expect(inner == .nonFiniteValue(property: "cornerRadius", value: "nan", view: "v"))
        #expect(view.isAnimating(.alpha))
        #expect(view.cornerRadius == 0)
    }

    /// The rethrowing form, like UIKit's, cannot throw for a block that does not: there a non-finite
    /// value is dropped and the rest applies, as outside any block.
    @Test func plainPerformWithoutAnimationDropsANonFiniteValue() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        View.performWithoutAnimation {
            view.alpha = 0.5
            view.cornerRadius = .nan
        }
        #expect(view.alpha == 0.5 && view.presentation.alpha == 0.5)
        #expect(view.cornerRadius == 0)
    }
}
