import Foundation
import Scrim

/// `segue.perform` and `input.tap`: the storyboard's costs.
///
/// - `segue.perform`: a tap on a card → the first frame of the `present` segue it triggers, with a
///   Lua controller on the source (`shouldPerformSegue`, `prepareForSegue`) and the Lua
///   `BenchPlugin.animator` as the destination's animator: the tap (hit-test, the segue found,
///   shouldPerform, a new destination, prepare) plus the tick that begins the presentation and
///   draws its first frame. The dismissal between samples is not timed.
/// - `input.tap`: hit-testing a window of 10 000 views (a 100 × 50 grid of cards, each with a
///   label) with taps spread over it; no segue is triggered.
@MainActor
struct SegueBenchmark {
    let samples = 2_000

    static let controller = """
        local Home = {}
        function Home:shouldPerformSegue(vc, identifier, sender) return sender ~= nil end
        function Home:prepareForSegue(vc, segue, sender) self.last = segue.destination.id end
        return Home
        """

    func perform() throws -> BenchmarkResult {
        let directory = try BenchPlugin.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.controller.write(to: directory.appendingPathComponent("home.lua"), atomically: true, encoding: .utf8)
        let home = ViewController(id: "home")
        let host = try ScrimHost(plugins: directory, clock: .manual(frameRate: 60), rootViewController: home)
        let storyboard = Storyboard()
        storyboard.register(viewController: "details") { id in
            let details = ViewController(id: id)
            details.modalPresentationStyle = .fullScreen
            return details
        }
        home.storyboard = storyboard
        home.view.addSubview(View(id: "card", frame: Rect(x: 20, y: 120, width: 350, height: 200)))
        home.segueTemplates = [
            SegueTemplate(identifier: "open", kind: .present, destination: "details", trigger: "card",
                          transitioningDelegate: try host.delegate(animator: "bench")),
        ]
        try host.attachController(named: "home", to: home)
        let clock = host.clock as! ManualClock
        var timings: [UInt64] = []
        timings.reserveCapacity(samples)
        for index in 0..<samples + 100 {
            let elapsed = try timed {
                _ = try host.window.sendTap(at: Point(x: 195, y: 220))
                clock.advance(frames: 1)
            }.nanoseconds
            if index >= 100 { timings.append(elapsed) }  // the first 100 warm up
            host.advance(by: BenchAnimator.duration + 0.05)
            guard let details = home.presentedViewController else {
                throw BenchmarkFailure("the tap presented nothing at sample \(index)")
            }
            try details.dismiss(animated: false)
            host.advance(by: 1.0 / 60)
        }
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: "segue.perform", parameters: [("samples", Double(samples))], medianMs: median, p99Ms: p99, targetMs: 0.1)
    }

    func tap() throws -> BenchmarkResult {
        let clock = try ManualClock(frameRate: 60)
        let engine = AnimationEngine(clock: clock)
        let window = Window(size: Size(width: 1000, height: 1000), engine: engine)
        let root = ViewController(id: "root")
        window.rootViewController = root
        // 100 rows × 50 columns of cards, each with a label: 10 000 views under the root's.
        for row in 0..<100 {
            for column in 0..<50 {
                let card = View(id: "card-\(row)-\(column)", frame: Rect(x: Double(column) * 20, y: Double(row) * 10, width: 18, height: 9))
                card.addSubview(View(id: "label-\(row)-\(column)", frame: Rect(x: 2, y: 2, width: 10, height: 5)))
                root.view.addSubview(card)
            }
        }
        var random = SplitMix64(seed: 7)
        var timings: [UInt64] = []
        timings.reserveCapacity(samples)
        var hits = 0
        for index in 0..<samples + 100 {
            let point = Point(x: random.next(in: 0...999), y: random.next(in: 0...999))
            let (hit, elapsed) = try timed { try window.sendTap(at: point) }
            if hit != nil { hits += 1 }
            if index >= 100 { timings.append(elapsed) }
        }
        guard hits == samples + 100 else { throw BenchmarkFailure("a tap inside the window hit nothing") }
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: "input.tap", parameters: [("views", 10_000), ("samples", Double(samples))], medianMs: median, p99Ms: p99,
            targetMs: 0.2)
    }
}
