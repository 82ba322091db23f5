import Foundation

/// One line of `scrim bench --json`: `{ "benchmark": NAME, …parameters…, "medianMs", "p99Ms", … }`.
struct BenchmarkResult {
    let name: String
    var parameters: [(String, Double)] = []
    var medianMs: Double
    var p99Ms: Double
    var nsPerUpdate: Double?
    /// The figure the result must stay under, in milliseconds, if the benchmark has one.
    var targetMs: Double?
    var extra: [(String, Double)] = []

    var meetsTarget: Bool? { targetMs.map { medianMs < $0 } }

    func jsonLine() -> String {
        var fields: [String] = ["\"benchmark\":\"\(name)\""]
        for (key, value) in parameters + [("medianMs", medianMs), ("p99Ms", p99Ms)] {
            fields.append("\"\(key)\":\(Self.number(value))")
        }
        if let nsPerUpdate { fields.append("\"nsPerUpdate\":\(Self.number(nsPerUpdate))") }
        if let targetMs {
            fields.append("\"target\":{\"medianMs\":\(Self.number(targetMs)),\"met\":\(meetsTarget!)}")
        }
        for (key, value) in extra { fields.append("\"\(key)\":\(Self.number(value))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    func tableLine() -> String {
        let parameterText = parameters.map { "\($0.0)=\(Self.number($0.1))" }.joined(separator: " ")
        var text = "\(name) \(parameterText): median \(String(format: "%.4f", medianMs)) ms, p99 \(String(format: "%.4f", p99Ms)) ms"
        if let nsPerUpdate { text += ", \(String(format: "%.2f", nsPerUpdate)) ns/update" }
        for (key, value) in extra { text += ", \(key) \(Self.number(value))" }
        if let targetMs { text += " (target < \(Self.number(targetMs)) ms: \(meetsTarget! ? "met" : "NOT met"))" }
        return text
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.6g", value)
    }
}

/// How long `body` takes, in nanoseconds of the monotonic clock, and what it returns.
@inline(__always)
func timed<Result>(_ body: () throws -> Result) rethrows -> (result: Result, nanoseconds: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, DispatchTime.now().uptimeNanoseconds - start)
}

/// Median and 99th percentile of samples in nanoseconds, in milliseconds.
func percentiles(_ samplesNs: [UInt64]) -> (median: Double, p99: Double) {
    let sorted = samplesNs.sorted()
    guard !sorted.isEmpty else { return (0, 0) }
    let median = Double(sorted[sorted.count / 2]) / 1e6
    let p99 = Double(sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]) / 1e6
    return (median, p99)
}
