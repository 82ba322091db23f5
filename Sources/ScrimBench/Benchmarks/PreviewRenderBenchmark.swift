import Foundation
import Scrim
import ScrimPreview

/// `preview.render`: `scrim preview`'s page for a 1-second transition of 50 views at 60 fps — 61
/// frames, every view springing to a new frame while it fades and rounds its corners — built
/// from its recording (the tracks, the data, the SVG, the plot) and written to a file (temporary
/// name, then renamed). Target: < 200 ms, and a page under 2 MB. Recording the 61 ticks (the
/// engine's work included) is reported beside it as `recordMs`.
@MainActor
struct PreviewRenderBenchmark {
    let samples = 30
    static let viewCount = 50
    static let pageLimitBytes = 2.0 * 1024 * 1024

    func run() throws -> BenchmarkResult {
        let (recording, recordNs) = try timed { try Self.record() }
        let recordMs = Double(recordNs) / 1e6
        guard recording.frames.count == 61, recording.views.count == Self.viewCount + 2 else {
            throw BenchmarkFailure("preview.render recorded \(recording.frames.count) frames of \(recording.views.count) views, not 61 of \(Self.viewCount + 2)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bench-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("preview.html")
        var timings: [UInt64] = []
        for index in 0..<samples + 3 {
            let elapsed = try timed { try PreviewPage(recording: recording).write(to: url) }.nanoseconds
            if index >= 3 { timings.append(elapsed) }  // the first 3 warm up
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.doubleValue ?? 0
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: "preview.render", parameters: [("views", Double(Self.viewCount)), ("frames", Double(recording.frames.count))],
            medianMs: median, p99Ms: p99, targetMs: 200,
            extra: [("bytes", bytes), ("bytesLimit", Self.pageLimitBytes), ("recordMs", recordMs)])
    }

    /// The transition: a window holding a container of 50 cards in a grid; each springs to another
    /// place and size over 1 s while its alpha and corner radius animate, recorded at every tick.
    static func record() throws -> PreviewRecording {
        let clock = try ManualClock(frameRate: 60)
        let window = Window(engine: AnimationEngine(clock: clock))
        let container = View(id: "container", frame: window.bounds)
        window.addSubview(container)
        var cards: [View] = []
        for index in 0..<viewCount {
            let card = View(id: "card\(index)", frame: Rect(x: Double(index % 5) * 76 + 10, y: Double(index / 5) * 80 + 20, width: 66, height: 70))
            card.backgroundColor = Color(red: Double(index) / Double(viewCount), green: 0.5, blue: 0.8)
            card.clipsToBounds = index % 2 == 0
            container.addSubview(card)
            cards.append(card)
        }
        let recorder = PreviewRecorder(title: "bench.lua", framesPerSecond: 60)
        // Weak: the window's engine keeps its observers.
        window.engine.addFrameObserver { [weak window] time in
            if let window { recorder.recordFrame(at: time, in: window) }
        }
        recorder.recordFrame(at: 0, in: window)
        try View.animate(withDuration: 1, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.3) {
            for (index, card) in cards.enumerated() {
                card.frame = Rect(x: Double((index * 7) % 5) * 76 + 10, y: Double((index * 3) % 10) * 80 + 20, width: 40 + Double(index % 3) * 10, height: 50)
                card.alpha = 0.3 + Double(index % 7) / 10
                card.cornerRadius = Double(index % 4) * 6
            }
        }
        try clock.advance(by: 1)
        return recorder.recording
    }
}
