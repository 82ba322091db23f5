@testable import ScrimCore

/// A window on an engine driven by a manual clock: the set-up of every animation test.
@MainActor
struct EngineFixture {
    let clock: ManualClock
    let engine: AnimationEngine
    let window: Window

    init(frameRate: Double = 60) throws {
        clock = try ManualClock(frameRate: frameRate)
        engine = AnimationEngine(clock: clock)
        window = Window(engine: engine)
    }

    /// A view added to the window.
    func addView(_ id: String, frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) -> View {
        let view = View(id: id, frame: frame)
        window.addSubview(view)
        return view
    }

    func advance(_ seconds: Double) throws { try clock.advance(by: seconds) }
}
