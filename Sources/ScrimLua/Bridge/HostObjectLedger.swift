import ScrimCore

/// The Swift objects plugins created (views, gesture recognizers, property animators), held
/// weakly, each charged against the Lua state's memory limit while it lives: a plugin that keeps
/// 400 000 views grows the host by 200 MB while its Lua heap stays small, so the cap has to see
/// them.
///
/// Liveness is checked lazily: dead entries are dropped when the ledger has doubled since the
/// last sweep, and before a creation would be refused.
@MainActor
package final class HostObjectLedger {
    /// What one object is charged, in bytes: about what a view with its storage and Lua handle
    /// takes (the largest of the three kinds).
    static let bytesPerObject = 512

    private struct Entry {
        weak var object: AnyObject?
        let count: Int
    }

    private var entries: [Entry] = []
    private var entriesAtLastSweep = 0
    /// Objects recorded and not yet found dead.
    package private(set) var liveCount = 0

    /// Bytes charged now.
    var chargedBytes: Int { liveCount * Self.bytesPerObject }

    /// Records `object`, which stands for `count` objects (a snapshot holds its copied subviews).
    func record(_ object: AnyObject, count: Int = 1) {
        entries.append(Entry(object: object, count: count))
        liveCount += count
        if entries.count >= 64, entries.count >= 2 * entriesAtLastSweep { sweep() }
    }

    /// Drops the entries whose objects are gone.
    package func sweep() {
        entries.removeAll { $0.object == nil }
        liveCount = entries.reduce(0) { $0 + $1.count }
        entriesAtLastSweep = entries.count
    }
}
