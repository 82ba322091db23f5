/// Heap-allocation counting for the benchmarks that show a frame allocates nothing.
///
/// Counting needs `malloc` replaced process-wide, which the shipped `scrim` binary must not do
/// (it breaks AddressSanitizer and every program that embeds Scrim's expectations of the
/// allocator). The `scrim-bench` executable links the counter and installs it here; under
/// `scrim bench` it is absent and those figures are left out.
package struct AllocationCounting: Sendable {
    /// Starts (true) or stops counting.
    package var enable: @Sendable (Bool) -> Void
    /// Allocations counted since counting was last enabled.
    package var count: @Sendable () -> UInt64

    package init(enable: @escaping @Sendable (Bool) -> Void, count: @escaping @Sendable () -> UInt64) {
        self.enable = enable
        self.count = count
    }

    /// The counter of this process, if its executable has one.
    @MainActor package static var current: AllocationCounting?

    /// Counts the allocations `body` makes, or returns nil without a counter.
    @MainActor static func counting<Result>(_ body: () throws -> Result) rethrows -> (Result, UInt64?) {
        guard let current else { return (try body(), nil) }
        current.enable(true)
        let result = try body()
        current.enable(false)
        return (result, current.count())
    }
}
