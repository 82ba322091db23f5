/// A benchmark whose workload did not do what it measures (a tap that presented nothing): its
/// figures would be meaningless, so the run stops with this message.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
