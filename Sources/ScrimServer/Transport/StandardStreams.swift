#if canImport(Glibc)
import Glibc
#endif

/// The stdout discipline of `scrim serve` (Docs/Protocol.md, "Starting the server"): nothing but
/// protocol reaches the client.
package enum StandardStreams {
    /// Moves the real stdout aside (a duplicate of file descriptor 1, closed on exec, numbered 3 or
    /// more), points descriptor 1 at stderr (or at /dev/null when there is no stderr) so that a stray
    /// `print` cannot corrupt the protocol stream, ignores SIGPIPE (a vanished client is then a
    /// write error, not a signal), and returns the protocol's output descriptor. Call it once, at
    /// start-up. Output still buffered in `stdout` goes to the new descriptor 1, not to the client.
    /// If no descriptor can be spared, the protocol keeps descriptor 1 (unguarded) and 1 is returned.
    package static func takeProtocolOutput() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        widenPipe(STDOUT_FILENO)
        let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard output >= 0 else { return STDOUT_FILENO }
        if dup2(STDERR_FILENO, STDOUT_FILENO) < 0 {
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if null >= 0 {
                dup2(null, STDOUT_FILENO)
                close(null)
            }
        }
        return output
    }

    /// Linux's `F_SETPIPE_SZ` (a GNU extension Glibc's module does not export).
    private static let setPipeSize: Int32 = 1031
    /// The pipe capacity asked for: a whole frame of a thousand views (about 300 KB) fits, so
    /// streaming frames does not stall the clock on every write while the client reads.
    private static let pipeCapacity: Int32 = 1 << 20

    /// Grows the pipe behind `descriptor` (no effect on anything else, or where the system's
    /// limit is lower: the size stays).
    static func widenPipe(_ descriptor: Int32) {
        #if os(Linux)
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
            _ = fcntl(descriptor, setPipeSize, pipeCapacity)
        #endif
    }
}
