import Scrim

/// `cycles.navigation`: 1 000 push/pop cycles on a navigation controller with the built-in slide
/// (after 100 warm-up cycles). Every second cycle pops interactively with the edge swipe, and
/// every second of those is released short of half way — cancelled — and then popped again
/// without animation. Reports the time of a cycle, the resident set size's growth, how many
/// transitions ended against how many began, and what is left: view controllers pushed and still
/// alive, the stack's depth, the engine's running tracks.
@MainActor
struct NavigationCyclesBenchmark {
    let cycles = 1_000

    func run() throws -> BenchmarkResult {
        let navigation = NavigationController(id: "nav", rootViewController: ViewController(id: "list"))
        let host = try ScrimHost(clock: .manual(frameRate: 60), rootViewController: navigation)
        let window = host.window
        var began = 0, ended = 0
        window.addTransitionObserver { event in
            switch event {
            case .began: began += 1
            case .ended: ended += 1
            default: break
            }
        }
        var pushed: [WeakBox] = []
        func swipe(to x: Double) throws {
            try window.sendPan(.began, at: Point(x: 10, y: 400))
            host.advance(by: 1.0 / 60)
            try window.sendPan(.changed, at: Point(x: x, y: 400))
            host.advance(by: 0.2)
            try window.sendPan(.ended, at: Point(x: x, y: 400))
            host.advance(by: 0.5)
        }
        func cycle(_ index: Int) throws {
            let details = ViewController(id: "details-\(index)")
            pushed.append(WeakBox(object: details))
            try navigation.pushViewController(details, animated: true)
            host.advance(by: 0.4)
            switch index % 4 {
            case 1: try swipe(to: 300)
            case 3:
                try swipe(to: 60)
                try navigation.popViewController(animated: false)
                host.advance(by: 1.0 / 60)
            default:
                try navigation.popViewController(animated: true)
                host.advance(by: 0.4)
            }
        }
        for index in 0..<100 { try cycle(index) }
        return try MemoryCycles(100..<100 + cycles, cycle).result(
            name: "cycles.navigation", parameters: [("cycles", Double(cycles))],
            extra: [
                ("transitionsBegan", Double(began)), ("transitionsEnded", Double(ended)),
                ("pushedAlive", Double(pushed.filter { $0.object != nil }.count)),
                ("stackDepth", Double(navigation.viewControllers.count)),
                ("runningTracks", Double(host.engine.runningTrackCount)),
            ])
    }

    /// A weak reference to a pushed view controller.
    struct WeakBox {
        weak var object: ViewController?
    }
}
