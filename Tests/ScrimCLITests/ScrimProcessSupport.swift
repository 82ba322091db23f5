#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ScrimServer
import ScrimTestSupport
import ScrimJSON

/// Where the real `scrim` executable and the repository are.
enum ScrimExecutable {
    /// The repository's root.
    static let repositoryRoot = Repository.root

    static let plugins = Repository.plugins

    /// `scrim` beside the test bundle (`swift test` builds it into the same directory), else a
    /// `.build/debug/scrim` above the bundle or in the repository.
    static let url: URL? = {
        let manager = FileManager.default
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [bundleDirectory.appendingPathComponent("scrim")]
        var directory = bundleDirectory
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent(".build/debug/scrim"))
            directory.deleteLastPathComponent()
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/scrim"))
        return candidates.first { manager.isExecutableFile(atPath: $0.path) }
    }()

    /// `scrim-bench` (`scrim bench` with allocation counts), built beside `scrim`.
    static let benchURL: URL? = url.map { $0.deletingLastPathComponent().appendingPathComponent("scrim-bench") }
        .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "the scrim executable was not found beside \(CommandLine.arguments[0]); build with --build-tests" }
    }

    /// What a finished run of `scrim` printed and how it ended.
    struct Result: Sendable {
        /// The exit code; nil when the process had to be killed after the time limit.
        var status: Int32?
        var stdout: String
        var stderr: String

        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// Runs `scrim arguments…` (or another of the executables, such as `benchURL`) with no input,
    /// in `directory`, and waits at most `seconds` for it.
    static func run(
        _ arguments: [String], in directory: URL = repositoryRoot, within seconds: Double = 180, executable: URL? = url
    ) async throws -> Result {
        guard let url = executable else { throw Missing() }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let stdout = FramingPipe.Drain(output.fileHandleForReading.fileDescriptor)
        let stderr = FramingPipe.Drain(errors.fileHandleForReading.fileDescriptor)
        guard await signalled(exited, within: seconds) else {
            kill(process.processIdentifier, SIGKILL)
            if await signalled(exited, within: 5) { process.releaseAfterExit() }
            return Result(status: nil, stdout: "", stderr: "scrim \(arguments) did not finish within \(seconds) s")
        }
        _ = await signalled(stdout.ended, within: 60)
        _ = await signalled(stderr.ended, within: 60)
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        let result = Result(
            status: status, stdout: String(decoding: stdout.bytes.current, as: UTF8.self),
            stderr: String(decoding: stderr.bytes.current, as: UTF8.self))
        withExtendedLifetime((output, errors)) {}
        process.releaseAfterExit()
        return result
    }
}

extension Process {
    /// Lets Foundation release a process whose termination handler has run (so it has exited and
    /// been reaped). On Linux, `run()` makes a run-loop source whose context retains the process,
    /// and the process keeps the source; the source is invalidated on exit but the cycle is only
    /// broken when `waitUntilExit()` drops it, which returns at once for an exited process.
    /// Without this, LeakSanitizer reports the process, its pipes and arguments. The handler goes
    /// too, with whatever it captured.
    func releaseAfterExit() {
        precondition(!isRunning, "releaseAfterExit() before the process ended")
        waitUntilExit()
        terminationHandler = nil
    }
}

/// A real `scrim serve --plugins <repo>/Plugins` on pipes. Everything on its stdout is parsed
/// strictly (`Content-Length: N\r\n\r\n` then N bytes, nothing else); every wait is bounded, and
/// the process is killed when the session goes away.
final class ServeSession: @unchecked Sendable {
    struct Output {
        /// Every byte the server wrote to stdout.
        var bytes: [UInt8] = []
        /// Where the next header starts in `bytes`.
        var parsed = 0
        var messages: [JSONValue] = []
        /// The first thing on stdout that was not a strict frame of JSON.
        var violation: String?
        var ended = false
    }

    let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let output = Locked(Output())
    private let stderrDrain: FramingPipe.Drain
    private let exited = DispatchSemaphore(value: 0)
    /// Set by the termination handler, which `exitCode(within:)` may already have waited for.
    private let handled = Locked(false)
    private let nextID = Locked(1)

    init(arguments: [String] = []) throws {
        guard let url = ScrimExecutable.url else { throw ScrimExecutable.Missing() }
        signal(SIGPIPE, SIG_IGN)  // writing to a server that is gone is an error, not a signal
        process.executableURL = url
        process.arguments = ["serve", "--plugins", ScrimExecutable.plugins.path] + arguments
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.terminationHandler = { [exited, handled] _ in
            handled.withLock { $0 = true }
            exited.signal()
        }
        try process.run()
        stderrDrain = FramingPipe.Drain(errorPipe.fileHandleForReading.fileDescriptor)
        let descriptor = outputPipe.fileHandleForReading.fileDescriptor
        Thread { [output] in
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                output.withLock { state in
                    state.bytes += chunk[0..<count]
                    Self.parse(&state)
                }
            }
            output.withLock { $0.ended = true }
        }.start()
    }

    /// Kills the server if it still runs and waits (at most 5 s) for its termination handler, so
    /// that Foundation lets go of the process (`releaseAfterExit()`). The handler's signal is still
    /// there unless `exitCode(within:)` took it, which it did after `handled` was set.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if !handled.current { _ = exited.wait(timeout: .now() + 5) }
        if handled.current { process.releaseAfterExit() }
    }

    /// Takes every whole frame off the front of the unparsed bytes.
    private static func parse(_ state: inout Output) {
        let prefix = Array("Content-Length: ".utf8), terminator = Array("\r\n\r\n".utf8)
        while state.violation == nil {
            let rest = state.bytes[state.parsed...]
            let shown = min(rest.count, prefix.count)
            guard rest.prefix(shown).elementsEqual(prefix.prefix(shown)) else {
                state.violation = "stdout: not a header: \(text(rest))"
                return
            }
            guard rest.count > prefix.count else { return }
            let digitsStart = rest.startIndex + prefix.count
            var index = digitsStart
            while index < rest.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rest[index]) { index += 1 }
            let digits = rest[digitsStart..<index]
            guard digits.count <= 10, digits.first != UInt8(ascii: "0") || digits.count == 1 else {
                state.violation = "stdout: malformed length: \(text(rest))"
                return
            }
            guard index < rest.endIndex else { return }
            guard let length = Int(String(decoding: digits, as: UTF8.self)) else {
                state.violation = "stdout: malformed length: \(text(rest))"
                return
            }
            let after = rest[index...]
            let checked = min(after.count, terminator.count)
            guard after.prefix(checked).elementsEqual(terminator.prefix(checked)) else {
                state.violation = "stdout: malformed header: \(text(rest))"
                return
            }
            guard after.count >= terminator.count + length else { return }
            let body = Array(after.dropFirst(terminator.count).prefix(length))
            guard let value = try? JSONValue(parsing: body), value["jsonrpc"] == "2.0" else {
                state.violation = "stdout: a body that is not a JSON-RPC message: \(text(body[...]))"
                return
            }
            state.messages.append(value)
            state.parsed = index + terminator.count + length
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
    }

    // MARK: Writing

    /// Writes raw bytes to the server's stdin in one write loop; false once it is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        FramingPipe.writeAll(input.fileHandleForWriting.fileDescriptor, bytes)
    }

    static func frame(_ message: JSONValue) -> [UInt8] { MessageWriter.frame(message.serialized()) }

    /// A fresh request id.
    func newID() -> Int { nextID.withLock { id in defer { id += 1 }; return id } }

    /// A request message; without params when `params` is nil.
    static func request(_ id: Int, _ method: String, _ params: JSONValue? = [:]) -> JSONValue {
        var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { message["params"] = params }
        return .object(message)
    }

    @discardableResult
    func notify(_ method: String, _ params: JSONValue = [:]) -> Bool {
        write(Self.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request and waits for its response (nil if none came in time).
    func request(_ method: String, _ params: JSONValue? = [:], within seconds: Double = 120) async -> JSONValue? {
        let id = newID()
        write(Self.frame(Self.request(id, method, params)))
        return await response(to: id, within: seconds)
    }

    /// `initialize` (manual clock, no watcher, this process as the client) and `initialized`.
    func start() async -> JSONValue? {
        let response = await request("initialize", [
            "processId": .int(Int(getpid())), "rootUri": .null, "capabilities": [:],
            "initializationOptions": ["clock": "manual", "watch": false],
        ])
        notify("initialized")
        return response
    }

    /// Closes the server's stdin (end of input).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    // MARK: Reading

    var messages: [JSONValue] { output.withLock { $0.messages } }
    var stdout: Output { output.current }
    var stderr: String { String(decoding: stderrDrain.bytes.current, as: UTF8.self) }
    var isRunning: Bool { process.isRunning }

    /// The first message that satisfies `predicate`, waiting at most `seconds` for it.
    func message(within seconds: Double = 120, where predicate: (JSONValue) -> Bool) async -> JSONValue? {
        var found: JSONValue?
        _ = await waitUntil(timeout: .seconds(seconds)) {
            found = messages.first(where: predicate)
            return found != nil
        }
        return found
    }

    func response(to id: Int, within seconds: Double = 120) async -> JSONValue? {
        await message(within: seconds) { $0["id"] == .int(id) && $0["method"] == nil }
    }

    /// The exit code once the process has ended and its stdout is drained; nil (and the process
    /// killed) if it is still running after `seconds`.
    func exitCode(within seconds: Double = 120) async -> Int32? {
        guard await signalled(exited, within: seconds) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        _ = await waitUntil(timeout: .seconds(60)) { output.current.ended }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}
