/// A pan gesture fed by synthesized events (`UIPanGestureRecognizer`): attach it with
/// `View.addGestureRecognizer`, then send pan events to the window (`Window.sendPan`). Its action
/// runs on every event with the recognizer's new state.
@MainActor
open class PanGestureRecognizer {
    /// `UIGestureRecognizer.State`, UIKit's case names.
    public enum State: String, Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    public private(set) var state = State.possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Accepted for UIKit compatibility: synthesized pans have one touch.
    public var maximumNumberOfTouches = Int.max
    /// A disabled recognizer receives no events.
    public var isEnabled = true
    /// Whether a pan may begin at a window location (UIKit's `gestureRecognizerShouldBegin`):
    /// a recognizer that declines is passed over, and the pan goes to the next one up.
    var shouldBegin: ((Point) -> Bool)?

    private var actions: [(PanGestureRecognizer) -> Void] = []
    /// Blocks for the gesture in progress only: they run after `actions` and go when it ends.
    private var gestureActions: [(PanGestureRecognizer) -> Void] = []
    /// The gesture's start and latest location, in window coordinates.
    private var startLocation = Point.zero
    private var lastLocation = Point.zero
    /// Recent samples (clock time, window location) for the velocity.
    private var samples: [(time: Double, location: Point)] = []

    /// How far back the velocity looks.
    static let velocityWindow = 0.1

    public init(action: ((PanGestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Adds a block run on every event.
    public func addTarget(_ action: @escaping (PanGestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Adds a block run on the rest of the gesture in progress (or on the next gesture), then
    /// dropped once it ends: the host hands an edge swipe that began a pop to the interaction
    /// controller driving that pop.
    package func addTargetUntilGestureEnds(_ action: @escaping (PanGestureRecognizer) -> Void) {
        gestureActions.append(action)
    }

    /// The movement since the gesture began (or since the last `setTranslation`), in `view`'s
    /// coordinate system (nil: the window's).
    public func translation(in view: View?) -> Point {
        vector(from: startLocation, to: lastLocation, in: view)
    }

    /// Makes the current translation in `view`'s coordinates equal `translation`.
    public func setTranslation(_ translation: Point, in view: View?) {
        let origin = convert(lastLocation, to: view)
        let start = Point(x: origin.x - translation.x, y: origin.y - translation.y)
        startLocation = view.map { $0.convert(start, to: nil) } ?? start
    }

    /// Points per second in `view`'s coordinates, over the last 0.1 s of samples.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= Self.velocityWindow }),
            last.time > first.time
        else { return .zero }
        let moved = vector(from: first.location, to: last.location, in: view)
        let elapsed = last.time - first.time
        return Point(x: moved.x / elapsed, y: moved.y / elapsed)
    }

    /// The latest location in `view`'s coordinates (nil: the window's).
    public func location(in view: View?) -> Point { convert(lastLocation, to: view) }

    /// Delivers one event: the state follows UIKit's (`began`, `changed`, `ended`/`cancelled`),
    /// then the actions run.
    func handle(_ phase: PanPhase, at location: Point, time: Double) {
        switch phase {
        case .began:
            startLocation = location
            samples = []
            state = .began
        case .changed:
            state = .changed
        case .ended:
            state = .ended
        case .cancelled:
            state = .cancelled
        }
        lastLocation = location
        samples.append((time, location))
        samples.removeAll { time - $0.time > Self.velocityWindow }
        for action in actions { action(self) }
        for action in gestureActions { action(self) }
        if phase == .ended || phase == .cancelled {
            gestureActions = []
            state = .possible
        }
    }

    private func convert(_ point: Point, to view: View?) -> Point {
        guard let view, let window = view.window else { return point }
        return window.convert(point, to: view)
    }

    private func vector(from start: Point, to end: Point, in view: View?) -> Point {
        let a = convert(start, to: view), b = convert(end, to: view)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }
}
