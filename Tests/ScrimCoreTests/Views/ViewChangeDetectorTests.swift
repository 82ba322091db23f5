import ScrimCore
import Testing

/// The one change detector of `scrim/frame`, `scrim run` and the preview's recording.
@MainActor @Suite struct ViewChangeDetectorTests {
    static func detector(views: Set<String>? = nil) -> ViewChangeDetector<Double> {
        ViewChangeDetector(views: views) { $0.presentation.alpha }
    }

    @Test func aViewSeenForTheFirstTimeCountsAsChangedAndAnUnchangedOneIsNotReported() {
        let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let card = View(id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(card)
        let detector = Self.detector()
        let first = detector.look(at: root)
        #expect(first.map(\.view.id) == ["root", "card"])
        #expect(first.map(\.changed) == [true, true])
        #expect(first.map(\.index) == [0, 1])
        #expect(first.map(\.parent) == [nil, 0])
        #expect(detector.changes(in: root).isEmpty)

        card.alpha = 0.5
        let second = detector.look(at: root)
        #expect(second.map(\.changed) == [false, true])
        #expect(second.map(\.state) == [1, 0.5])
        #expect(detector.changes(in: root).isEmpty)
    }

    @Test func aViewReplacedByAnotherWithTheSameIDIsToldApart() {
        let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let old = View(id: "dimming", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(old)
        let detector = Self.detector()
        _ = detector.look(at: root)
        old.removeFromSuperview()
        let new = View(id: "dimming", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(new)
        let sightings = detector.look(at: root)
        // The same id and the same state, but another view: new, with a number of its own.
        #expect(sightings.map(\.changed) == [false, true])
        #expect(sightings.map(\.index) == [0, 2])
        #expect(sightings.last?.view === new)
        #expect(detector.count == 3)
    }

    @Test func theViewsFilterLooksAtThoseIDsOnlyButVisitsEverySubview() {
        let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let container = View(id: "container", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let card = View(id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(container)
        container.addSubview(card)
        let detector = Self.detector(views: ["root", "card"])
        let sightings = detector.look(at: root)
        #expect(sightings.map(\.view.id) == ["root", "card"])
        // `card`'s nearest ancestor looked at is the root.
        #expect(sightings.map(\.parent) == [nil, 0])
        container.alpha = 0
        #expect(detector.changes(in: root).isEmpty)
        card.alpha = 0
        #expect(detector.changes(in: root).map(\.id) == ["card"])
    }

    @Test func resetForgetsEveryView() {
        let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let detector = Self.detector()
        _ = detector.look(at: root)
        detector.reset()
        #expect(detector.count == 0)
        #expect(detector.changes(in: root).map(\.id) == ["root"])
    }
}
