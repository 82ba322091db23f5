import Scrim

/// The view-controller graph at scale (Docs/Benchmarks.md, *Graph scaling*).
///
/// `graph.children`: 10 000 child view controllers added to a window's root as a container does
/// (`addChild`, `addSubview`, `didMove(toParent:)`); the time of all of them, target under 1 s.
///
/// `graph.deepStack`: screens pushed one by one on a navigation controller, each push played to
/// its end (`advance(by: 0.6)`, 36 ticks at 60 fps, the push beginning on the first); the median
/// play at the bottom of the stack (depth 1–10) against the top (depth 791–800). The target: the
/// deep one within 2× of the shallow one.
@MainActor
struct GraphScalingBenchmark {
    let childCount = 10_000
    let depth = 800
    let sample = 10

    func children() throws -> BenchmarkResult {
        let root = ViewController(id: "root")
        let host = try ScrimHost(clock: .manual(frameRate: 60), rootViewController: root)
        let made = (0..<childCount).map { ViewController(id: "child\($0)") }
        let elapsed = timed {
            for child in made {
                root.addChild(child)
                root.view.addSubview(child.view)
                child.didMove(toParent: root)
            }
        }.nanoseconds
        host.advance(by: 1.0 / 60)
        let ms = Double(elapsed) / 1e6
        return BenchmarkResult(
            name: "graph.children", parameters: [("children", Double(childCount))], medianMs: ms, p99Ms: ms, targetMs: 1_000,
            extra: [("childCount", Double(root.children.count))])
    }

    func deepStack() throws -> BenchmarkResult {
        let navigation = NavigationController(id: "nav", rootViewController: ViewController(id: "home"))
        let host = try ScrimHost(clock: .manual(frameRate: 60), rootViewController: navigation)
        var shallow: [UInt64] = [], deep: [UInt64] = []
        for index in 1...depth {
            try navigation.pushViewController(ViewController(id: "screen\(index)"), animated: true)
            let elapsed = timed { host.advance(by: 0.6) }.nanoseconds
            if index <= sample { shallow.append(elapsed) }
            if index > depth - sample { deep.append(elapsed) }
        }
        let shallowMedian = percentiles(shallow).median
        let (median, p99) = percentiles(deep)
        return BenchmarkResult(
            name: "graph.deepStack", parameters: [("depth", Double(depth))], medianMs: median, p99Ms: p99,
            targetMs: 2 * shallowMedian,
            extra: [
                ("shallowMedianMs", shallowMedian), ("ratioToShallow", median / shallowMedian),
                ("stackDepth", Double(navigation.viewControllers.count)),
            ])
    }
}
