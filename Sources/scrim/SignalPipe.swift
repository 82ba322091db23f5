import Foundation

/// SIGINT and SIGTERM as they come, with no moment in which one is lost: the handlers are
/// installed at once with `signal(2)` and write the signal's number to a pipe; a dispatch source
/// reads the pipe, and what was written before the source was armed waits there. (A dispatch
/// signal source alone is armed asynchronously, on libdispatch's manager thread: a signal sent
/// just after it was made could be ignored, and the process never stopped.)
enum SignalPipe {
    /// The pipe's write end, for the handlers (C functions, which capture nothing). Set once,
    /// before a handler is installed, and only read after: no handler runs while it changes.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// SIGINT and SIGTERM from now on: they no longer end the process. Nil when no pipe could
    /// be made (the signals are left as they are).
    @MainActor static func interruptions() -> AsyncStream<Int32>? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let readEnd = ends[0]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        writeEnd = ends[1]
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
        }
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "scrim.signals"))
        source.setEventHandler {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 { continuation.yield(Int32(byte)) }
        }
        source.resume()
        // The source lives as long as the stream; it is only cancelled, once, when the stream ends.
        nonisolated(unsafe) let kept = source
        continuation.onTermination = { _ in kept.cancel() }
        return stream
    }
}
