import Foundation

/// A value shared by a test and the threads it starts.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }
}
