import ScrimCore

/// A time that moves only when a test says (`advance(by:)`), for a `DisplayLink`'s loop: the loop
/// reads it and sleeps on it, so a test counts its ticks exactly, with no wall-clock bound.
///
/// A sleeper wakes when the time reaches its deadline, or when its task is cancelled. When a test
/// sees `wakeCount` go up, the loop that slept has already ticked or ended: nothing on the main
/// actor runs between a sleeper's wake-up and the loop's next step.
@MainActor
public final class SteppedTime {
    public private(set) var now: Double = 0
    /// How many sleeps have ended (by the time or by a cancellation).
    public private(set) var wakeCount = 0
    private var sleepers: [(id: Int, deadline: Double, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextID = 0

    public init() {}

    /// Whether a loop is sleeping on this time.
    public var isWaiting: Bool { !sleepers.isEmpty }

    /// The source a `DisplayLink` or a host reads and sleeps on.
    package var source: RealTimeSource {
        RealTimeSource(now: { [unowned self] in self.now }, sleep: { [unowned self] in await self.sleep($0) })
    }

    /// Moves the time on by `seconds` and wakes the sleepers whose deadline it reached.
    public func advance(by seconds: Double) {
        now += seconds
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        for sleeper in due { sleeper.continuation.resume() }
    }

    private func sleep(_ seconds: Double) async {
        let id = nextID
        nextID += 1
        let deadline = now + seconds
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    sleepers.append((id, deadline, continuation))
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
        wakeCount += 1
    }

    private func cancel(_ id: Int) {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return }
        sleepers.remove(at: index).continuation.resume()
    }

}
