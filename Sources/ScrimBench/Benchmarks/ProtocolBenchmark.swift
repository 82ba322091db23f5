import Foundation
import Scrim
import ScrimJSON

/// `protocol.throughput`: trivial requests (`scrim/advance { seconds: 0 }`) pipelined to a real
/// `scrim serve` over pipes, in bursts; the rate of answered requests. And `protocol.frames`: 1 000
/// views animated together at 120 fps on the real-time clock, with frames streamed; frames
/// received against ticks due, and the server's CPU.
struct ProtocolBenchmark {
    let requests = 100_000
    let burst = 1_000

    func throughput() throws -> BenchmarkResult {
        let client = try ServeClient()
        defer { client.close() }
        client.send([client.request(id: 0, "initialize", ["processId": .null, "capabilities": [:], "initializationOptions": ["watch": false]])])
        client.read { $0["id"] == 0 }
        var burstTimes: [UInt64] = []
        var sent = 0
        let total = timed {
            while sent < requests {
                burstTimes.append(timed {
                    let messages = (sent..<min(sent + burst, requests)).map { client.request(id: $0 + 1, "scrim/advance", ["seconds": 0]) }
                    client.send(messages)
                    sent += messages.count
                    let last = JSONValue.int(sent)
                    client.read { $0["id"] == last }
                }.nanoseconds)
            }
        }
        let seconds = Double(total.nanoseconds) / 1e9
        let answered = client.received.filter { $0["result"]?["time"] != nil }.count
        let (median, p99) = percentiles(burstTimes)
        return BenchmarkResult(
            name: "protocol.throughput", parameters: [("requests", Double(requests)), ("burst", Double(burst))],
            medianMs: median, p99Ms: p99,
            extra: [("requestsPerSecond", Double(answered) / seconds), ("targetRequestsPerSecond", 50_000)])
    }

    let views = 1_000
    let frameRate = 120.0
    let seconds = 2.0

    func frames() throws -> BenchmarkResult {
        let directory = try BenchPlugin.directory(source: Self.manyViewsAnimator, name: "many")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try ServeClient(arguments: ["--plugins", directory.path])
        defer { client.close() }
        let subviews: [JSONValue] = (0..<views).map { index in
            ["id": .string("v\(index)"), "frame": ["x": .int(index % 40 * 10), "y": .int(index / 40 * 30), "width": 8, "height": 8]]
        }
        let scene: JSONValue = [
            "window": ["width": 400, "height": 800], "root": "root",
            "viewControllers": [
                ["id": "root", "view": ["frame": ["x": 0, "y": 0, "width": 400, "height": 800]]],
                ["id": "grid", "view": ["frame": ["x": 0, "y": 0, "width": 400, "height": 800], "subviews": .array(subviews)]],
            ],
        ]
        client.send([
            client.request(id: 1, "initialize", ["processId": .null, "capabilities": [:],
                                                 "initializationOptions": ["watch": false, "clock": "manual", "frameRate": .double(frameRate)]]),
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            client.request(id: 2, "scrim/loadScene", ["scene": scene]),
            client.request(id: 3, "scrim/subscribeFrames", ["enabled": true]),
            client.request(id: 4, "scrim/present", ["presented": "grid", "modalPresentationStyle": "overFullScreen",
                                                    "transitioningDelegate": ["animator": "many", "options": ["duration": .double(seconds)]]]),
        ])
        client.read { $0["id"] == 4 }
        let cpuBefore = client.cpuSeconds
        let (frames, nanoseconds) = timed {
            client.send([client.request(id: 5, "scrim/setClock", ["mode": "realtime", "frameRate": .double(frameRate)])])
            return client.readKeepingFrames { $0["method"] == "scrim/transitionDidEnd" }
        }
        let elapsed = Double(nanoseconds) / 1e9
        let cpu = client.cpuSeconds - cpuBefore
        // Every frame is parsed and counted, once the stream is over.
        var frameTimes: [Double] = []
        var viewUpdates = 0
        for frame in frames {
            let message = try JSONValue(parsing: frame.body)
            frameTimes.append(message["params"]?["time"]?.doubleValue ?? 0)
            viewUpdates += message["params"]?["views"]?.arrayValue?.count ?? 0
        }
        let arrivals = frames.map(\.arrival)
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        let (median, p99) = percentiles(gaps)
        let ticks = elapsed * frameRate
        return BenchmarkResult(
            name: "protocol.frames", parameters: [("views", Double(views)), ("fps", frameRate)],
            medianMs: median, p99Ms: p99,
            extra: [
                ("framesSent", Double(frameTimes.count)), ("ticksDue", ticks.rounded()),
                ("viewUpdatesPerFrame", frameTimes.isEmpty ? 0 : Double(viewUpdates) / Double(frameTimes.count)),
                ("serverCpuPercent", elapsed > 0 ? 100 * cpu / elapsed : 0), ("seconds", elapsed),
            ])
    }

    /// Animates every subview of the presented view at once (one `animate` call).
    static let manyViewsAnimator = """
        local Many = { duration = 2 }
        function Many.new(options) return { duration = options.duration } end
        function Many:transitionDuration(ctx) return self.duration end
        function Many:animateTransition(ctx)
          local view = ctx:view("to") or ctx:viewController("to").view
          ctx.containerView:addSubview(view)
          local subviews = view.subviews
          scrim.animate{ duration = self.duration, curve = "linear",
            animations = function()
              for i, v in ipairs(subviews) do
                local f = v.frame
                v.frame = f:offsetBy(0, 20)
                v.alpha = 0.5
              end
            end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end
        return Many
        """
}
