#if canImport(Glibc)
import Glibc
#endif

/// The stdout discipline of `scrim serve` (SPEC §7.1): nothing but protocol reaches the client.
public enum StandardStreams {
    /// Moves the real stdout aside (a duplicate of file descriptor 1, closed on exec, numbered 3 or
    /// more), points descriptor 1 at stderr (or at /dev/null when there is no stderr) so that a stray
    /// `print` cannot corrupt the protocol stream, ignores SIGPIPE (a vanished client is then a
    /// write error, not a signal), and returns the protocol's output descriptor. Call it once, at
    /// start-up. Output still buffered in `stdout` goes to the new descriptor 1, not to the client.
    /// If no descriptor can be spared, the protocol keeps descriptor 1 (unguarded) and 1 is returned.
    public static func takeProtocolOutput() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
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
}
