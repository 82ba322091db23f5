/// Where a `DisplayLink` reads the time and waits for its next frame boundary: the system's
/// monotonic clock (`system`), or a time a test moves by hand, so that it can count ticks exactly.
package struct RealTimeSource {
    /// Monotonic seconds.
    package let now: () -> Double
    /// Suspends for about `seconds` of this source's time, or until the task is cancelled.
    package let sleep: @MainActor (Double) async -> Void

    package init(now: @escaping () -> Double, sleep: @escaping @MainActor (Double) async -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's monotonic clock, sleeping with `Task.sleep`.
    package static var system: RealTimeSource { RealTimeSource(now: DisplayLink.monotonicSeconds, sleep: sleepOnTask) }

    /// `Task.sleep`, ending early (without an error) when the task is cancelled.
    package static func sleepOnTask(_ seconds: Double) async {
        try? await Task.sleep(for: .seconds(seconds))
    }
}
