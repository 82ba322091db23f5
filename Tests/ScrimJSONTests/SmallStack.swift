import Foundation

/// The result of `body` run on a new thread with a 512 KB stack, the size of a secondary thread's
/// on macOS (Linux gives every thread 8 MB): a recursion that needs more crashes the tests.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value!
}

/// Hands a value from the small-stack thread back (the semaphore orders the accesses).
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
