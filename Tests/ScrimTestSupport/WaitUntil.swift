import Dispatch

/// Waits until `condition` holds (true) or `timeout` has passed (false), checking it every 2 ms
/// in the caller's isolation (a `@MainActor` test's state can be read) and suspending in between,
/// so that what the test waits for gets its turn. A timeout is an upper bound, reached only by a
/// failure or by a wait for something that must not happen: generous by default, for loaded
/// machines and sanitizer builds.
public func waitUntil(
    timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        do {
            try await Task.sleep(for: .milliseconds(2))
        } catch {
            return condition()  // cancelled
        }
    }
    return true
}

/// `waitUntil` for a condition that must be awaited (an actor's state).
public func eventually(timeout: Duration = .seconds(60), _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        do {
            try await Task.sleep(for: .milliseconds(2))
        } catch {
            return await condition()  // cancelled
        }
    }
    return true
}

/// `waitUntil` for a thread's signal: whether `semaphore` was signalled within `seconds`. The
/// wait blocks a dispatch thread, not the test's own nor the cooperative pool.
public func signalled(_ semaphore: DispatchSemaphore, within seconds: Double) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}
