import Foundation
import ScrimCore

/// Headless Chromium with its DevTools protocol on a pipe (`--remote-debugging-pipe`: it reads
/// NUL-terminated JSON messages on its fd 3 and writes its replies and events, NUL-terminated, on
/// its fd 4; here both are one Unix socket). Reads are bounded (`messageLimit`) and every wait
/// has a deadline; Chromium exiting is an error, never a hang. `stop()` closes it (killing it
/// when it does not exit at once); the deinit kills it if nothing else did.
final class ChromiumProcess {
    /// The longest message read from Chromium: a screenshot of 8192 × 8192 pixels in base64 fits.
    static let messageLimit = 256 << 20

    private let process: ChildProcess
    private let channel: SocketChannel
    private var framer = DevToolsFramer(limit: messageLimit)
    /// Its standard error, for the message when it exits.
    private let log: URL

    /// Starts `executable` headless with the profile folder `profile` (made by the caller,
    /// removed by it) and its standard error written to `log`; waiting for it ends when
    /// `cancellation` is cancelled.
    init(executable: String, profile: URL, log: URL, cancellation: RenderCancellation) throws(RenderError) {
        channel = try SocketChannel(cancellation: cancellation)
        self.log = log
        let logDescriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard logDescriptor >= 0 else { throw .cannotStart("cannot write \(log.path): \(String(cString: strerror(errno)))") }
        defer { close(logDescriptor) }
        process = try ChildProcess(
            executable: executable, arguments: Self.arguments(profile: profile),
            descriptors: [2: logDescriptor, 3: channel.theirs, 4: channel.theirs])
        channel.closeTheirs()
    }

    deinit { process.kill() }

    /// Chromium's command line: headless, no sandbox (it runs as root in containers), no GPU, no
    /// first-run work, scrollbars hidden, an empty page.
    static func arguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--mute-audio", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--force-color-profile=srgb",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
    }

    /// Sends one message.
    func send(_ message: [UInt8], method: String, until deadline: ContinuousClock.Instant, timeout: Duration) throws(RenderError) {
        switch channel.write(DevToolsFramer.frame(message), until: deadline) {
        case .done: return
        case .closed: throw exited()
        case .timedOut: throw .browserTimedOut(method: method, seconds: timeout.seconds)
        case .cancelled: throw .cancelled
        }
    }

    /// The next message from Chromium, waiting until `deadline`.
    func receive(method: String, until deadline: ContinuousClock.Instant, timeout: Duration) throws(RenderError) -> [UInt8] {
        while true {
            if let message = try framer.next() { return message }
            switch channel.read(into: &framer, until: deadline) {
            case .done: continue
            case .closed: throw exited()
            case .timedOut: throw .browserTimedOut(method: method, seconds: timeout.seconds)
            case .cancelled: throw .cancelled
            }
        }
    }

    /// Closes the pipe and, when `gracefully`, waits a moment (up to 5 s) for Chromium to exit (it
    /// exits when its pipe closes); then kills what is left of it.
    func stop(gracefully: Bool) {
        channel.close()
        if gracefully { _ = process.wait(until: .now + .seconds(5)) }
        process.kill()
    }

    /// The error for Chromium gone: with the end of what it wrote on standard error.
    private func exited() -> RenderError {
        _ = process.wait(until: .now + .milliseconds(500))
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(12)
        return .browserExited("(\(process.ending))\n" + lines.joined(separator: "\n"))
    }
}
