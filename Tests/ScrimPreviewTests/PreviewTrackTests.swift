import ScrimCore
import Testing
@testable import ScrimPreview

/// The plot's tracks: each animated property's progress, 0 to 1 over each transition.
@Suite struct PreviewTrackTests {
    /// A recording of one view whose `alpha` takes `alphas` and whose center x takes `xs`, a frame
    /// each at 10 fps, with transitions beginning at `began`.
    static func recording(alphas: [Double], xs: [Double]? = nil, began: [Double] = [0]) -> PreviewRecording {
        var recording = PreviewRecording(title: "t", framesPerSecond: 10, windowSize: Size(width: 100, height: 100))
        recording.views = [.init(id: "v", label: "v")]
        for (index, alpha) in alphas.enumerated() {
            let values = ViewValues(
                center: Point(x: xs?[index] ?? 0, y: 0), bounds: Rect(x: 0, y: 0, width: 10, height: 10), alpha: alpha)
            recording.frames.append(.init(
                time: Double(index) / 10, tree: index == 0 ? [.init(view: 0, parent: nil)] : nil,
                changes: [(0, PreviewViewState(values: values))]))
        }
        for (number, time) in began.enumerated() {
            recording.transitions.append(.init(number: number + 1, kind: "presentation", from: "a", to: "b", interactive: false, began: time))
        }
        return recording
    }

    @Test func progressGoesFromTheStartValueToTheEndValue() {
        let tracks = PreviewTrack.tracks(in: Self.recording(alphas: [0, 0.25, 0.5, 1]))
        #expect(tracks.count == 1)
        #expect(tracks[0].property == .alpha)
        #expect(tracks[0].progress == [0, 0.25, 0.5, 1])
    }

    @Test func anOvershootGoesPastOne() {
        let progress = PreviewTrack.tracks(in: Self.recording(alphas: [1, 0.8, 0.4, 0.3, 0.5])).first?.progress ?? []
        #expect(progress.map { $0.map { ($0 * 1000).rounded() / 1000 } } == [0, 0.4, 1.2, 1.4, 1])
    }

    @Test func aValueThatComesBackIsMeasuredAgainstItsFarthestPoint() {
        let progress = PreviewTrack.tracks(in: Self.recording(alphas: [0.25, 0.5, 0.75, 0.5, 0.25])).first?.progress ?? []
        #expect(progress == [0, 0.5, 1, 0.5, 0])
    }

    @Test func eachTransitionIsMeasuredFromWhereThePreviousLeftIt() {
        // Presentation from 0 to 1 (frames 0–2), dismissal from frame 3: back from 1 to 0.
        let progress = PreviewTrack.tracks(in: Self.recording(alphas: [0, 0.5, 1, 0.75, 0], began: [0, 0.3])).first?.progress ?? []
        #expect(progress == [0, 0.5, 1, 0.25, 1])
    }

    @Test func onlyPropertiesThatChangeInTwoFramesOrMoreAreTracked() {
        // alpha steps once (not a track); the center moves every frame.
        let recording = Self.recording(alphas: [1, 0, 0, 0], xs: [0, 10, 20, 30])
        #expect(PreviewTrack.tracks(in: recording).map(\.property) == [.center])
        #expect(PreviewTrack.tracks(in: recording).first?.progress == [0, 1.0 / 3, 2.0 / 3, 1])
    }

    @Test func framesBeforeAViewJoinsHaveNoProgress() {
        var recording = Self.recording(alphas: [0, 0.5, 1])
        recording.views.append(.init(id: "w", label: "w"))
        recording.frames[1].tree = [.init(view: 0, parent: nil), .init(view: 1, parent: 0)]
        recording.frames[1].changes.append((1, PreviewViewState(values: ViewValues(center: .zero, bounds: .zero, alpha: 0))))
        recording.frames[2].changes.append((1, PreviewViewState(values: ViewValues(center: .zero, bounds: .zero, alpha: 0.5))))
        recording.frames.append(.init(time: 0.3, tree: nil, changes: [(1, PreviewViewState(values: ViewValues(center: .zero, bounds: .zero, alpha: 1)))]))
        let joined = PreviewTrack.tracks(in: recording).first { $0.view == 1 }
        #expect(joined?.progress == [nil, 0, 0.5, 1])
    }

    @Test func framesAfterAViewLeftTheWindowHaveNoProgress() {
        var recording = Self.recording(alphas: [0, 0.5, 1, 1])
        recording.frames[3].tree = []
        #expect(PreviewTrack.tracks(in: recording).first?.progress == [0, 0.5, 1, nil])
    }
}
