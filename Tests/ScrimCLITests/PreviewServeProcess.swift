#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport

/// A real `scrim preview --serve` process: its page's URL (the first line of its stdout, the only
/// one) and its resident memory; its stderr is dropped. Killed when it goes away.
final class PreviewServeProcess: @unchecked Sendable {
    // @unchecked: the process and the pipes are used by the one test that owns it.

    let process = Process()
    private let output = Pipe()
    /// The page's address with its token.
    let url: URL

    /// Starts `scrim preview --serve` with `arguments` and waits (at most a minute) for its URL.
    init(_ arguments: [String]) async throws {
        guard let executable = ScrimExecutable.url else { throw ScrimExecutable.Missing() }
        process.executableURL = executable
        process.arguments = ["preview", "--serve"] + arguments
        process.standardOutput = output
        // Not a pipe nobody reads: the process logs a line to stderr for each play, and would
        // block on a full pipe.
        process.standardError = FileHandle.nullDevice
        // Under AddressSanitizer (scripts/test-sanitized), freed memory waits in a quarantine of
        // up to 256 MiB before it is reused: a small one keeps the resident memory a test
        // measures about the process's own (the sanitizer still checks every access and leak).
        var environment = ProcessInfo.processInfo.environment
        if let options = environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + ":quarantine_size_mb=4" }
        process.environment = environment
        try process.run()
        let descriptor = output.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while line.last != UInt8(ascii: "\n"), ContinuousClock.now < deadline, process.isRunning || line.isEmpty == false {
            if read(descriptor, &byte, 1) == 1 { line.append(byte) } else { try await Task.sleep(for: .milliseconds(5)) }
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), url.port != nil else {
            if process.isRunning { process.interrupt() }
            throw Failure(description: "scrim preview --serve printed no URL: \(String(decoding: line, as: UTF8.self))")
        }
        self.url = url
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var port: UInt16 { UInt16(url.port!) }
    var token: String { String(url.query!.dropFirst("token=".count)) }

    /// The process's resident memory (`VmRSS`), in bytes.
    var residentBytes: Int { ProcessFacts.residentBytes(process.processIdentifier) }

    struct Failure: Error, CustomStringConvertible { let description: String }
}
