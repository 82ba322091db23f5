import Synchronization

/// The lines `printError` writes while a task runs with a collector: the language server's
/// preview command answers with them, where the command line only writes them to stderr.
final class ErrorLines: Sendable {
    /// The collector of the current task, if any.
    @TaskLocal static var collector: ErrorLines?

    private let lines = Mutex<[String]>([])

    func add(_ line: String) { lines.withLock { $0.append(line) } }

    /// The lines collected, in order.
    var all: [String] { lines.withLock { $0 } }
}
