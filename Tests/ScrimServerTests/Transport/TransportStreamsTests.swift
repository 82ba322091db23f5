#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ScrimServer

/// `StandardStreams.takeProtocolOutput` (Docs/Protocol.md, "Starting the server"), run in a
/// forked child so that the test process's own descriptors are left alone: a stray write to
/// descriptor 1 lands on stderr, the returned descriptor reaches the real stdout, and SIGPIPE no
/// longer kills.
@Suite struct TransportStreamsTests {
    @Test func strayOutputGoesToStderrAndTheProtocolToTheRealStdout() throws {
        let stdout = TransportPipe.make(), stderr = TransportPipe.make(), broken = TransportPipe.make()
        close(broken.read)
        let stray = Array("stray print\n".utf8), protocolBytes = Array("Content-Length: 2\r\n\r\n{}".utf8), byte: [UInt8] = [0x78]
        // The child may only make system calls (the parent has other threads): everything it
        // needs is made before the fork, and its findings are its exit status.
        let pid = fork()
        if pid == 0 {
            guard dup2(stdout.write, STDOUT_FILENO) >= 0, dup2(stderr.write, STDERR_FILENO) >= 0 else { _exit(100) }
            signal(SIGPIPE, SIG_DFL)
            let output = StandardStreams.takeProtocolOutput()
            var status: Int32 = 0
            if output >= 3 { status |= 1 }
            if fcntl(output, F_GETFD) & FD_CLOEXEC != 0 { status |= 2 }
            if stray.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == stray.count { status |= 4 }
            if protocolBytes.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == protocolBytes.count { status |= 8 }
            // Killed by SIGPIPE here unless it is ignored.
            if byte.withUnsafeBytes({ write(broken.write, $0.baseAddress, 1) }) < 0, errno == EPIPE { status |= 16 }
            _exit(status)
        }
        try #require(pid > 0, "fork failed: errno \(errno)")
        for descriptor in [stdout.write, stderr.write, broken.write] { close(descriptor) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let (exited, code) = (status & 0x7F == 0, (status >> 8) & 0xFF)
        #expect(exited, "the child was killed by signal \(status & 0x7F)")
        #expect(code == 31, "the child's findings: \(String(code, radix: 2)) (1: descriptor >= 3, 2: close-on-exec, 4: stray write, 8: protocol write, 16: EPIPE)")
        #expect(TransportPipe.readAll(stdout.read) == protocolBytes)
        #expect(TransportPipe.readAll(stderr.read) == stray)
        for descriptor in [stdout.read, stderr.read] { close(descriptor) }
    }

    @Test func theProtocolPipeIsWidenedSoAFrameFitsAndOtherFilesAreLeftAlone() throws {
        let pipe = TransportPipe.make()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ
        let before = fcntl(pipe.write, getPipeSize)
        StandardStreams.widenPipe(pipe.write)
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? before
        #expect(fcntl(pipe.write, getPipeSize) == max(before, min(1 << 20, limit)))
        // Not a pipe: nothing happens (and nothing fails).
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        StandardStreams.widenPipe(null)
        #expect(fcntl(null, getPipeSize) == -1)
    }
}
