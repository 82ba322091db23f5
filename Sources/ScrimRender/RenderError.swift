/// Why `FrameRenderer` could not render: a tool missing (with the `apt-get` line that installs
/// it), options that do not fit the recording, Chromium or ffmpeg failing (with what they said).
package enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `tool` was not found: not on `PATH`, or not executable where its environment variable says.
    case missingTool(RenderTool)
    /// The options are wrong (a bad frame rate, scale, size or frame range): a usage error.
    case invalidOptions(String)
    /// A process could not be started, a file or folder not made.
    case cannotStart(String)
    /// Chromium exited or closed its end of the pipe; the tail of its standard error.
    case browserExited(String)
    /// Chromium did not answer `method` within the time allowed.
    case browserTimedOut(method: String, seconds: Double)
    /// Chromium answered `method` with an error (or a reply this does not understand).
    case devTools(method: String, message: String)
    /// A message from Chromium longer than the limit, in bytes.
    case messageTooLarge(limit: Int)
    /// ffmpeg failed: its exit status (or how it ended) and its standard error.
    case encoderFailed(String)
    /// The output could not be written.
    case cannotWrite(path: String, reason: String)
    /// The task rendering was cancelled: Chromium and ffmpeg were stopped and nothing was written.
    case cancelled

    /// True for the errors the command line reports as usage errors (exit 2).
    package var isUsageError: Bool {
        if case .invalidOptions = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case .missingTool(let tool):
            "\(tool.command) is not installed (looked for \(tool.lookup)); install it with: apt-get install -y \(tool.package)"
        case .invalidOptions(let message): message
        case .cannotStart(let message): message
        case .browserExited(let log):
            "chromium exited before the frames were drawn" + (log.isEmpty ? "" : ":\n" + log)
        case .browserTimedOut(let method, let seconds): "chromium did not answer \(method) within \(seconds.formatted) s"
        case .devTools(let method, let message): "chromium: \(method): \(message)"
        case .messageTooLarge(let limit): "chromium sent a message over the limit of \(limit) bytes"
        case .encoderFailed(let message): "ffmpeg failed: \(message)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cancelled: "the render was cancelled"
        }
    }
}
