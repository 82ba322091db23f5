import Foundation
import Scrim
import ScrimHost

/// `engine.tick.lua`: 10 000 views animated (frame, alpha, transform, corner radius) by ONE Lua
/// `scrim.animate` call; the per-frame cost afterwards is the Swift engine's (Lua is never called
/// per frame). And `lua.pureBaseline`: the same interpolation done per frame in pure Lua tables,
/// to show what running the frame in Lua would cost.
@MainActor
struct LuaEngineBenchmark {
    let viewCount = 10_000
    let frames = 600
    var pureLua = false

    /// Animates every view of the window whose id starts with "v" in one `scrim.animate` call
    /// from a transition's `animateTransition`, then completes at once (the animations go on).
    static let animateAll = """
        local AnimateAll = {}
        function AnimateAll:transitionDuration(ctx) return 0 end
        function AnimateAll:animateTransition(ctx)
          local views = {}
          for _, view in ipairs(ctx.containerView.superview.subviews) do
            if view.id:sub(1, 1) == "v" then views[#views + 1] = view end
          end
          scrim.animate{ duration = 6, curve = "easeInOut", animations = function()
            for i, view in ipairs(views) do
              view.frame = scrim.Rect((i * 37) % 900, (i * 53) % 900, 30 + i % 50, 30 + i % 40)
              view.alpha = (i % 10) / 10
              view.transform = scrim.Transform.rotation((i % 7) / 7)
              view.cornerRadius = i % 25
            end
          end }
          ctx:completeTransition(true)
        end
        return AnimateAll
        """

    /// The same interpolation, per frame, in pure Lua tables; prints each frame's seconds.
    static func pureBaseline(count: Int, frames: Int) -> String {
        """
        local Pure = {}
        function Pure:transitionDuration(ctx) return 0 end
        function Pure:animateTransition(ctx)
          local count, frames = \(count), \(frames)
          local views = {}
          for i = 1, count do
            views[i] = { from = { (i * 37) % 900, (i * 53) % 900, 50, 50, 1, 0, 0 },
                         to = { (i * 11) % 900, (i * 13) % 900, 30 + i % 50, 30 + i % 40, (i % 10) / 10, (i % 7) / 7, i % 25 },
                         now = { 0, 0, 0, 0, 0, 0, 0 } }
          end
          local clock, sin, cos = os.clock, math.sin, math.cos
          local times = {}
          for frame = 1, frames do
            local started = clock()
            local p = frame / frames
            p = p * p * (3 - 2 * p)
            local q = 1 - p
            for i = 1, count do
              local v = views[i]
              local from, to, now = v.from, v.to, v.now
              for k = 1, 7 do now[k] = q * from[k] + p * to[k] end
              local angle = now[6]
              now[6] = sin(angle) * cos(angle)
            end
            times[frame] = clock() - started
          end
          print(table.concat(times, ","))
          ctx:completeTransition(true)
        end
        return Pure
        """
    }

    func run() throws -> BenchmarkResult {
        let source = pureLua ? Self.pureBaseline(count: viewCount, frames: frames) : Self.animateAll
        let directory = try BenchPlugin.directory(source: source, name: "bench")
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try ScrimHost(
            pluginDirectories: [directory], clock: .manual(frameRate: 120),
            windowSize: Size(width: 1000, height: 1000), limits: .init(instructionBudget: 0, memoryLimit: 0, timeLimit: .zero))
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        if !pureLua {
            for index in 0..<viewCount {
                host.window.addSubview(View(id: "v\(index)", frame: Rect(x: Double(index % 900), y: Double(index / 12), width: 50, height: 50)))
            }
        }
        let trigger = ViewController(id: "trigger")
        trigger.modalPresentationStyle = .overFullScreen
        trigger.transitioningDelegate = try host.delegate(animator: "bench")
        try host.rootViewController.present(trigger, animated: true)
        let clock = host.clock as! ManualClock
        clock.advance(frames: 1)
        if pureLua {
            let seconds = printed.last?.split(separator: ",").compactMap { Double($0) } ?? []
            let (median, p99) = percentiles(seconds.map { UInt64($0 * 1e9) })
            return BenchmarkResult(
                name: "lua.pureBaseline", parameters: [("views", Double(viewCount)), ("properties", 4)],
                medianMs: median, p99Ms: p99,
                nsPerUpdate: seconds.reduce(0, +) * 1e9 / Double(viewCount * 4 * max(seconds.count, 1)))
        }
        var samples: [UInt64] = []
        var maxAllocations: UInt64?
        for _ in 0..<frames {
            let (elapsed, allocations) = AllocationCounting.counting { timed { clock.advance(frames: 1) }.nanoseconds }
            samples.append(elapsed)
            if let allocations { maxAllocations = max(maxAllocations ?? 0, allocations) }
        }
        let (median, p99) = percentiles(samples)
        return BenchmarkResult(
            name: "engine.tick.lua", parameters: [("views", Double(viewCount)), ("properties", 4)],
            medianMs: median, p99Ms: p99, nsPerUpdate: Double(samples.reduce(0, +)) / Double(viewCount * 4 * frames),
            extra: [("runningTracks", Double(host.engine.runningTrackCount))]
                + (maxAllocations.map { [("allocationsMax", Double($0))] } ?? []))
    }
}
