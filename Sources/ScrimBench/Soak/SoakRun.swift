import Dispatch
import Foundation
import Scrim
import ScrimJSON
import ScrimHost

/// The soak of `scrim bench --soak`: present/dismiss cycles over the protocol (framed JSON-RPC
/// messages into a `LanguageServer`, its answers and notifications parsed back) with a Lua
/// animator, a Lua presentation controller and a Lua percent-driven interaction; every other
/// interactive presentation is cancelled, the rest finished and dismissed; every 100 cycles the
/// animator's file is rewritten on disk and reloaded. It checks that every transition ends and
/// measures the resident set size and what the Lua state holds after a warm-up and at the end.
@MainActor
package struct SoakRun {
    package struct Report: Sendable {
        package var cycles = 0
        package var transitionsBegun = 0
        package var transitionsEnded = 0
        package var completed = 0
        package var cancelled = 0
        package var reloads = 0
        /// Error answers and protocol problems, in order (the first 20).
        package var problems: [String] = []
        package var residentKilobytesAfterWarmUp = 0
        package var residentKilobytesAtEnd = 0
        package var afterWarmUp: LuaRuntimeStatistics?
        package var atEnd: LuaRuntimeStatistics?
        /// Milliseconds per cycle.
        package var cycleTimes: [Double] = []

        /// RSS growth from the end of the warm-up to the end, in percent.
        package var residentGrowthPercent: Double {
            guard residentKilobytesAfterWarmUp > 0 else { return 0 }
            return Double(residentKilobytesAtEnd - residentKilobytesAfterWarmUp) * 100 / Double(residentKilobytesAfterWarmUp)
        }
    }

    package let cycles: Int
    package let warmUp: Int

    package init(cycles: Int, warmUp: Int? = nil) {
        self.cycles = cycles
        self.warmUp = warmUp ?? min(max(cycles / 10, 50), cycles)
    }

    /// The animator, rewritten every 100 cycles with another duration.
    static func animator(duration: Double) -> String {
        """
        local Fade = { duration = \(duration) }
        function Fade:animateTransition(ctx)
          local view = ctx:view(ctx.isPresenting and "to" or "from")
          if ctx.isPresenting then
            ctx.containerView:addSubview(view)
            view.alpha = 0
          end
          scrim.animate{ duration = self.duration, curve = "linear",
            animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end
        return Fade
        """
    }

    static let presentation = """
        local Dim = {}
        function Dim:frameOfPresentedViewInContainerView()
          local bounds = self.containerView.bounds
          return scrim.Rect(0, bounds.height / 3, bounds.width, bounds.height * 2 / 3)
        end
        function Dim:presentationTransitionWillBegin()
          self.dimming = scrim.View.new{ id = "soak.dimming", frame = self.containerView.bounds, alpha = 0 }
          self.containerView:insertSubview(self.dimming, 1)
          self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
            self.dimming.alpha = 0.4
          end)
        end
        function Dim:presentationTransitionDidEnd(completed)
          if not completed then self.dimming:removeFromSuperview() end
        end
        function Dim:dismissalTransitionWillBegin()
          self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
            self.dimming.alpha = 0
          end)
        end
        function Dim:dismissalTransitionDidEnd(completed)
          if completed then self.dimming:removeFromSuperview() end
        end
        return Dim
        """

    static let interaction = "return { percentDriven = true }"

    package func run(progress: ((Int) -> Void)? = nil) throws -> Report {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let animatorFile = directory.appendingPathComponent("soakfade.lua")
        try Self.animator(duration: 0.25).write(to: animatorFile, atomically: true, encoding: .utf8)
        try Self.presentation.write(to: directory.appendingPathComponent("soakdim.lua"), atomically: true, encoding: .utf8)
        try Self.interaction.write(to: directory.appendingPathComponent("soakswipe.lua"), atomically: true, encoding: .utf8)

        var report = Report()
        var answers: [Int: JSONValue] = [:]
        let server = LanguageServer(
            output: { bodies in
                for body in bodies {
                    guard let message = try? JSONValue(parsing: body) else {
                        report.problems.append("unparsable output")
                        continue
                    }
                    switch message["method"]?.stringValue {
                    case "scrim/transitionDidBegin": report.transitionsBegun += 1
                    case "scrim/transitionDidEnd":
                        report.transitionsEnded += 1
                        if message["params"]?["completed"] == true { report.completed += 1 } else { report.cancelled += 1 }
                    default:
                        if let id = message["id"]?.intValue { answers[id] = message }
                    }
                }
            },
            onExit: { _ in })
        var nextID = 1
        func request(_ method: String, _ params: JSONValue) -> JSONValue {
            let id = nextID
            nextID += 1
            var message: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
            if !params.isNull { message = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params] }
            let body = Array(message.jsonString.utf8)
            server.receive(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
            let answer = answers.removeValue(forKey: id) ?? .null
            if let error = answer["error"], report.problems.count < 20 {
                report.problems.append("\(method): \(error.jsonString)")
            }
            return answer["result"] ?? .null
        }
        func notify(_ method: String) {
            let body = Array((["jsonrpc": "2.0", "method": .string(method), "params": [:]] as JSONValue).jsonString.utf8)
            server.receive(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        _ = request("initialize", [
            "processId": .null, "rootUri": .null, "capabilities": [:],
            "initializationOptions": ["watch": false, "pluginPaths": [.string(directory.path)]],
        ])
        notify("initialized")
        _ = request("scrim/loadScene", ["scene": "demo"])
        let delegate: JSONValue = ["animator": "soakfade", "presentation": "soakdim", "interaction": "soakswipe"]
        for cycle in 0..<cycles {
            if cycle == warmUp {
                report.residentKilobytesAfterWarmUp = MemoryCycles.residentKilobytes()
                report.afterWarmUp = server.host?.runtimeStatistics()
            }
            let start = DispatchTime.now().uptimeNanoseconds
            if cycle > 0, cycle % 100 == 0 {
                try Self.animator(duration: cycle % 200 == 0 ? 0.25 : 0.3).write(to: animatorFile, atomically: true, encoding: .utf8)
                if request("scrim/reload", ["name": "soakfade"])["reloaded"] == ["soakfade"] { report.reloads += 1 }
            }
            let presented = request("scrim/present", [
                "presented": "details", "modalPresentationStyle": "custom", "transitioningDelegate": delegate,
            ])
            _ = request("scrim/advance", ["seconds": .double(1.0 / 60)])
            if let transition = presented["transition"] {
                _ = request("scrim/interaction", ["transition": transition, "action": "update", "percent": 0.4])
                _ = request("scrim/interaction", ["transition": transition, "action": cycle % 2 == 0 ? "finish" : "cancel"])
            }
            _ = request("scrim/advance", ["seconds": 1])
            if cycle % 2 == 0 {
                _ = request("scrim/dismiss", ["viewController": "details", "transitioningDelegate": ["animator": "soakfade"]])
                _ = request("scrim/advance", ["seconds": 1])
            }
            report.cycleTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            report.cycles += 1
            progress?(cycle)
        }
        report.residentKilobytesAtEnd = MemoryCycles.residentKilobytes()
        report.atEnd = server.host?.runtimeStatistics()
        _ = request("shutdown", .null)
        return report
    }
}

extension SoakRun.Report {
    /// The soak as a line of `scrim bench`: per-cycle times, RSS growth after the warm-up (target
    /// under 5 %), what the Lua state holds after the warm-up and at the end, and the transitions.
    var benchmarkResult: BenchmarkResult {
        let (median, p99) = percentiles(cycleTimes.map { UInt64($0 * 1e6) })
        let start = afterWarmUp, end = atEnd
        return BenchmarkResult(
            name: "soak", parameters: [("cycles", Double(cycles))], medianMs: median, p99Ms: p99,
            extra: [
                ("rssGrowthPercent", residentGrowthPercent), ("rssAfterWarmUpBytes", Double(residentKilobytesAfterWarmUp * 1024)),
                ("rssAtEndBytes", Double(residentKilobytesAtEnd * 1024)),
                ("luaBytesAfterWarmUp", Double(start?.luaBytes ?? 0)), ("luaBytesAtEnd", Double(end?.luaBytes ?? 0)),
                ("registryAfterWarmUp", Double(start?.registryReferences ?? 0)), ("registryAtEnd", Double(end?.registryReferences ?? 0)),
                ("handlesAfterWarmUp", Double(start?.handles ?? 0)), ("handlesAtEnd", Double(end?.handles ?? 0)),
                ("functionsAfterWarmUp", Double(start?.swiftFunctions ?? 0)), ("functionsAtEnd", Double(end?.swiftFunctions ?? 0)),
                ("transitionsBegun", Double(transitionsBegun)), ("transitionsEnded", Double(transitionsEnded)),
                ("completed", Double(completed)), ("cancelled", Double(cancelled)), ("reloads", Double(reloads)),
                ("problems", Double(problems.count)),
            ])
    }
}
