#if canImport(Glibc)
import Glibc
#endif

/// The stdout discipline of `scrim serve` (SPEC §7.1).
public enum StandardStreams {
    /// Moves the real stdout aside (`dup(1)`), points file descriptor 1 at stderr so that a stray
    /// `print` cannot corrupt the protocol stream, ignores SIGPIPE (a vanished client is a write
    /// error, not a signal), and returns the protocol's output descriptor.
    public static func takeProtocolOutput() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let output = dup(STDOUT_FILENO)
        precondition(output >= 0, "dup(1) failed: errno \(errno)")
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return output
    }
}
