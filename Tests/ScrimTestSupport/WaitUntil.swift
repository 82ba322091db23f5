import Dispatch

/// Waits until `condition` holds (true) or `timeout` has passed (false), checking it every 2 ms
/// in the caller's isolation (a `@MainActor` test's state can be read) and suspending in between,
/// so that what the test waits for gets its turn. A timeout is an upper bound, reached only by a
/// failure: generous by default, for loaded machines and sanitizer builds. It counts the wait's
/// own checks (`timeout` / 2 ms of them, each after a sleep of at least 2 ms), not the clock: a
/// wait whose actor other tests kept busy (the main actor is the whole suite's) is not cut short
/// by the time it could not run, nor is what it waits for, which runs there too.
public func waitUntil(
    timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    var checksLeft = checks(in: timeout)
    while !condition() {
        guard checksLeft > 0 else { return false }
        checksLeft -= 1
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
    var checksLeft = checks(in: timeout)
    while await !condition() {
        guard checksLeft > 0 else { return false }
        checksLeft -= 1
        do {
            try await Task.sleep(for: .milliseconds(2))
        } catch {
            return await condition()  // cancelled
        }
    }
    return true
}

/// How many checks 2 ms apart `timeout` allows.
private func checks(in timeout: Duration) -> Int { max(1, Int((timeout / .milliseconds(2)).rounded(.up))) }

/// `waitUntil` for a thread's signal: whether `semaphore` was signalled within `seconds`. The
/// wait blocks a dispatch thread, not the test's own nor the cooperative pool.
public func signalled(_ semaphore: DispatchSemaphore, within seconds: Double) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}
