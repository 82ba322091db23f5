import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn`, in a process group of its own, with chosen descriptors
/// placed on chosen numbers (Chromium reads its DevTools pipe on fd 3 and writes on fd 4, which
/// Foundation's `Process` cannot arrange). `kill()` ends the group and reaps the program; it is
/// safe to call more than once.
final class ChildProcess {
    let pid: pid_t
    private(set) var exitStatus: Int32?

    /// Starts `executable` with `arguments` (the program's name is prepended), its descriptor `n`
    /// a copy of our `descriptors[n]` (standard input, output and error default to /dev/null).
    ///
    /// - Throws: `RenderError.cannotStart` with the system's reason.
    init(executable: String, arguments: [String], descriptors: [Int32: Int32]) throws(RenderError) {
        var placed = descriptors
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { throw .cannotStart("cannot open /dev/null: \(String(cString: strerror(errno)))") }
        defer { close(null) }
        for standard in Int32(0)...2 where placed[standard] == nil { placed[standard] = null }
        // Copies above every target first, so that placing one never overwrites another's source.
        let floor = (placed.keys.max() ?? 2) + 1
        var copies: [(source: Int32, target: Int32)] = []
        defer { for copy in copies { close(copy.source) } }
        for (target, source) in placed.sorted(by: { $0.key < $1.key }) {
            let copy = fcntl(source, F_DUPFD_CLOEXEC, floor)
            guard copy >= 0 else { throw .cannotStart("cannot start \(executable): \(String(cString: strerror(errno)))") }
            copies.append((copy, target))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for copy in copies { posix_spawn_file_actions_adddup2(&actions, copy.source, copy.target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (Chromium's helpers join it): `kill()` ends them all. Signals
        // default and unblocked, whatever this process does with them.
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        var status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        // "Text file busy": a program just written is still open for writing in a child that
        // another thread of this process started meanwhile, until that child execs or exits.
        // It is tried again, for at most about a second.
        for _ in 0..<100 where status == ETXTBSY {
            usleep(10_000)
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw .cannotStart("cannot start \(executable): \(String(cString: strerror(status)))") }
        self.pid = pid
    }

    deinit { kill() }

    /// Whether it has exited, reaping it if so (never waits).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result < 0 && errno == ECHILD) {
            exitStatus = result == pid ? status : -1
            return true
        }
        return false
    }

    /// Waits until it exits or `deadline` passes; true when it exited.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        while !hasExited {
            if ContinuousClock.now >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// How it ended, for messages: `exit status 1`, `signal 9`.
    var ending: String {
        guard let status = exitStatus else { return "still running" }
        if status == -1 { return "an unknown status" }
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    /// True when it exited with status 0.
    var succeeded: Bool { exitStatus.map { $0 & 0x7f == 0 && ($0 >> 8) & 0xff == 0 } ?? false }

    /// Ends its process group with SIGKILL (if it still runs) and reaps it.
    func kill() {
        guard !hasExited else { return }
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exitStatus = status
    }
}
