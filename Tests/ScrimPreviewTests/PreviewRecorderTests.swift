import ScrimCore
import ScrimJSON
import Testing
@testable import ScrimPreview

/// The recorder keeps every view of the window at every tick, as the changes since the tick before.
@MainActor
@Suite struct PreviewRecorderTests {
    /// A window-like root (a plain view: the recorder walks any view) with two children, one nested.
    static func tree() -> (root: View, card: View, badge: View, label: View) {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(id: "card", frame: Rect(x: 20, y: 120, width: 350, height: 200))
        let badge = View(id: "badge", frame: Rect(x: 10, y: 10, width: 30, height: 30))
        let label = View(id: "label", frame: Rect(x: 20, y: 400, width: 350, height: 40))
        root.addSubview(card)
        card.addSubview(badge)
        root.addSubview(label)
        return (root, card, badge, label)
    }

    @Test func theFirstFrameHoldsEveryViewAndTheTree() {
        let (root, card, _, _) = Self.tree()
        card.cornerRadius = 20
        card.clipsToBounds = true
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        let recording = recorder.recording
        #expect(recording.views.map(\.id) == ["window", "card", "badge", "label"])
        #expect(recording.windowSize == Size(width: 390, height: 844))
        let frame = recording.frames[0]
        #expect(frame.tree == [.init(view: 0, parent: nil), .init(view: 1, parent: 0), .init(view: 2, parent: 1), .init(view: 3, parent: 0)])
        #expect(frame.changes.map(\.view) == [0, 1, 2, 3])
        let state = frame.changes[1].state
        #expect(state.values.center == Point(x: 195, y: 220))
        #expect(state.values.cornerRadius == 20)
        #expect(state.clipsToBounds && !state.isHidden)
    }

    /// A label's text and an image view's image are in the view's info when first seen, and in
    /// the frame where they change; the page's data carries them as a frame's `content`.
    @Test func contentThatChangesIsRecordedInTheFrameItChangesIn() throws {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let label = Label(id: "count", frame: Rect(x: 20, y: 20, width: 200, height: 40))
        let image = ImageView(id: "photo", frame: Rect(x: 20, y: 80, width: 200, height: 100))
        label.text = "three"
        root.addSubview(label)
        root.addSubview(image)
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        recorder.recordFrame(at: 1.0 / 60, in: root)
        label.text = "two"
        recorder.recordFrame(at: 2.0 / 60, in: root)
        label.fontSize = 30
        image.imageName = "pasta.jpg"
        recorder.recordFrame(at: 3.0 / 60, in: root)
        label.text = "two"
        recorder.recordFrame(at: 4.0 / 60, in: root)

        let recording = recorder.recording
        #expect(recording.views[1].content?["text"] == "three")
        #expect(recording.views[2].content == ["kind": "imageView"])
        #expect(recording.frames.map(\.contents.count) == [0, 0, 1, 2, 0])
        #expect(recording.frames[2].contents.map(\.view) == [1])
        #expect(recording.frames[2].contents[0].content["text"] == "two")
        #expect(recording.frames[3].contents.map(\.view) == [1, 2])
        #expect(recording.frames[3].contents[0].content["fontSize"] == .double(30))
        #expect(recording.frames[3].contents[1].content == ["kind": "imageView", "imageName": "pasta.jpg"])
        // Text the page reads: the change frame's `content`.
        var encoder = PreviewFrameEncoder()
        let encoded = recording.frames.map { encoder.json($0) }
        let change = try #require(encoded[2]["content"]?.arrayValue?.first?.arrayValue)
        #expect(change.first == 1)
        #expect(change.last?["text"] == "two")
        #expect(encoded[1]["content"] == nil)
    }

    @Test func laterFramesHoldOnlyWhatChangedAndTheTreeOnlyWhenItChanged() {
        let (root, card, badge, label) = Self.tree()
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        recorder.recordFrame(at: 1.0 / 60, in: root)
        card.alpha = 0.5
        recorder.recordFrame(at: 2.0 / 60, in: root)
        badge.isHidden = true
        let added = View(id: "added", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.insertSubview(added, at: 0)
        recorder.recordFrame(at: 3.0 / 60, in: root)
        label.removeFromSuperview()
        recorder.recordFrame(at: 4.0 / 60, in: root)

        let frames = recorder.recording.frames
        let times: [Double] = (0..<5).map { Double($0) / 60 }
        #expect(frames.map(\.time) == times)
        #expect(frames[1].tree == nil && frames[1].changes.isEmpty)
        #expect(frames[2].tree == nil)
        #expect(frames[2].changes.map(\.view) == [1])
        #expect(frames[2].changes[0].state.values.alpha == 0.5)
        // The new view goes behind the others (index 4, first among the window's subviews); the
        // badge's hidden flag is a change.
        #expect(recorder.recording.views.map(\.id) == ["window", "card", "badge", "label", "added"])
        #expect(frames[3].tree?.map(\.view) == [0, 4, 1, 2, 3])
        #expect(Set(frames[3].changes.map(\.view)) == [2, 4])
        #expect(frames[3].changes.first { $0.view == 2 }?.state.isHidden == true)
        #expect(frames[4].tree?.map(\.view) == [0, 4, 1, 2])
        #expect(frames[4].changes.isEmpty)
    }

    @Test func theViewsAnimatingShowTheirPresentationValues() throws {
        let clock = try ManualClock(frameRate: 4)
        let window = Window(engine: AnimationEngine(clock: clock))
        let view = View(id: "moving", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 4)
        // Weak: the window's engine keeps its observers.
        window.engine.addFrameObserver { [weak window] time in
            if let window { recorder.recordFrame(at: time, in: window) }
        }
        recorder.recordFrame(at: 0, in: window)
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 150, y: 50) })
        try clock.advance(by: 1)
        let centers = recorder.recording.frames.compactMap { frame in frame.changes.first { $0.view == 1 }?.state.values.center.x }
        #expect(centers == [50, 75, 100, 125, 150])
    }

    @Test func transitionsAndMarkersAreKept() {
        let recorder = PreviewRecorder(title: "pop.lua", framesPerSecond: 60)
        recorder.transitionBegan(1, kind: "presentation", from: "nav", to: "details", interactive: false, at: 0.0167)
        recorder.mark(.log, "[pop.lua:12] hello", at: 0.5)
        recorder.transitionEnded(1, completed: true, at: 0.8167)
        recorder.transitionBegan(2, kind: "dismissal", from: "details", to: "nav", interactive: true, at: 0.8333)
        let recording = recorder.recording
        #expect(recording.transitions == [
            .init(number: 1, kind: "presentation", from: "nav", to: "details", interactive: false, began: 0.0167, ended: 0.8167, completed: true),
            .init(number: 2, kind: "dismissal", from: "details", to: "nav", interactive: true, began: 0.8333),
        ])
        #expect(recording.markers == [.init(time: 0.5, kind: .log, text: "[pop.lua:12] hello")])
    }

    @Test func aViewWithoutAnIDIsLabelledByItsNameAndGeneratedID() {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let unnamed = View()
        unnamed.name = "badge"
        root.addSubview(unnamed)
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        #expect(recorder.recording.views[1].label == "badge (\(unnamed.id))")
    }

    @Test func aSecondViewWithTheSameIDIsLabelledApart() {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        let first = View(id: "dimming")
        root.addSubview(first)
        recorder.recordFrame(at: 0, in: root)
        first.removeFromSuperview()
        root.addSubview(View(id: "dimming"))
        recorder.recordFrame(at: 1.0 / 60, in: root)
        #expect(recorder.recording.views.map(\.id) == ["window", "dimming", "dimming"])
        #expect(recorder.recording.views.map(\.label) == ["window", "dimming", "dimming #2"])
    }
}
