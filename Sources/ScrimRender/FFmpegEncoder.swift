import Foundation

/// ffmpeg encoding the frames as they are drawn: each frame is a PNG written to its standard
/// input (`-f image2pipe`), and it writes `output` in the format's encoding (Docs/Render.md,
/// "Encoding"). Its standard error is kept in a file and shown when it fails. `finish()` waits
/// for it; the deinit kills it if it still runs.
final class FFmpegEncoder {
    private let process: ChildProcess
    private let input: SocketChannel
    private let log: URL
    /// How long one frame's write, or the end of the encoding, may take.
    private let timeout: Duration

    /// Starts `executable` with `arguments` (from `arguments(for:…)`), its standard error
    /// written to `log`; a frame's write ends when `cancellation` is cancelled.
    init(executable: String, arguments: [String], log: URL, timeout: Duration, cancellation: RenderCancellation) throws(RenderError) {
        input = try SocketChannel(cancellation: cancellation)
        self.log = log
        self.timeout = timeout
        let logDescriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard logDescriptor >= 0 else { throw .cannotStart("cannot write \(log.path): \(String(cString: strerror(errno)))") }
        defer { close(logDescriptor) }
        process = try ChildProcess(executable: executable, arguments: arguments, descriptors: [0: input.theirs, 2: logDescriptor])
        input.closeTheirs()
    }

    deinit { process.kill() }

    /// ffmpeg's arguments for `frames` PNG frames at `framesPerSecond` on its standard input,
    /// resized to `size` (pixels) if given, encoded as `format` into `output` (for `.png`, a
    /// folder that exists).
    static func arguments(format: RenderFormat, framesPerSecond: Double, size: (width: Int, height: Int)?, output: String) -> [String] {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "image2pipe", "-c:v", "png", "-framerate", rate(framesPerSecond), "-i", "pipe:0",
        ]
        let resize = size.map { "scale=\($0.width):\($0.height):flags=lanczos" }
        // H.264 and VP9 in 4:2:0 need even sides: an odd one gets a row or column of padding.
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch format {
        case .gif:
            // One palette made for all the frames (weighted to what moves), then each frame mapped to it.
            let graph = (resize.map { "[0:v]\($0)," } ?? "[0:v]") + "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a"
            arguments += ["-filter_complex", graph, "-loop", "0", "-f", "gif", output]
        case .mp4:
            arguments += ["-vf", ([resize, even].compactMap { $0 }).joined(separator: ",")]
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", output]
        case .webm:
            arguments += ["-vf", ([resize, even].compactMap { $0 }).joined(separator: ",")]
            arguments += [
                "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                "-pix_fmt", "yuv420p", "-f", "webm", output,
            ]
        case .png:
            if let resize { arguments += ["-vf", resize] }
            arguments += ["-start_number", "1", "-f", "image2", "\(output)/frame-%04d.png"]
        }
        return arguments
    }

    /// A frame rate as ffmpeg reads it: `60`, `29.97`.
    static func rate(_ framesPerSecond: Double) -> String {
        framesPerSecond == framesPerSecond.rounded() ? String(Int(framesPerSecond)) : String(framesPerSecond)
    }

    /// Writes one frame (a PNG file's bytes).
    ///
    /// - Throws: `RenderError.encoderFailed` when ffmpeg has exited or takes longer than the
    ///   timeout to take the frame.
    func write(_ png: [UInt8]) throws(RenderError) {
        switch input.write(png, until: .now + timeout) {
        case .done: return
        case .closed: throw failure(reason: "it stopped reading its input")
        case .timedOut: throw failure(reason: "it took no frame for \(timeout.components.seconds) s")
        case .cancelled: throw .cancelled
        }
    }

    /// Ends its input and waits for it to write the output.
    ///
    /// - Throws: `RenderError.encoderFailed` when it fails or takes longer than the timeout.
    func finish() throws(RenderError) {
        input.close()
        guard process.wait(until: .now + timeout) else {
            process.kill()
            throw failure(reason: "it did not finish within \(timeout.components.seconds) s")
        }
        guard process.succeeded else { throw failure(reason: nil) }
    }

    /// The error: how it ended and its standard error.
    private func failure(reason: String?) -> RenderError {
        _ = process.wait(until: .now + .milliseconds(500))
        let text = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = text.split(separator: "\n").suffix(20).joined(separator: "\n")
        let how = process.hasExited ? process.ending : "still running"
        return .encoderFailed("\(reason.map { "\($0) (\(how))" } ?? how)" + (lines.isEmpty ? "" : ":\n" + lines))
    }
}
