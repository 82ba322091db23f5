import ArgumentParser
import Foundation
import Scrim
import ScrimCore
import ScrimPlayback
import ScrimPreview
import ScrimRender

/// `scrim render`: plays a plugin as `scrim preview` does and renders the preview page's frames
/// to a GIF, an MP4, a WebM or a folder of PNGs, drawn by headless Chromium and encoded by ffmpeg
/// (Docs/Render.md).
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a plugin's transition to a GIF, an MP4, a WebM or a folder of PNG frames (headless Chromium and ffmpeg).",
        discussion: """
            The transition plays as with `scrim preview` (the manual clock at --fps: default 60, for a GIF 50); the preview page, \
            opened in render mode (only the device's screen), is drawn by headless Chromium at each frame's time and \
            the frames are encoded by ffmpeg: .gif (one generated palette), .mp4 (H.264, yuv420p), .webm (VP9, yuv420p), \
            or .png (a folder of frame-0001.png, …). Needs chromium and ffmpeg (apt-get install -y chromium ffmpeg). \
            See Docs/Render.md.
            """)

    @Argument(help: "The plugin file (default: Plugins/pop.lua with the demo scene).", completion: .file(extensions: ["lua"]))
    var plugin: String?

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @OptionGroup var playback: PlaybackOptions

    @Option(name: .shortAndLong, help: "The output: a .gif, .mp4 or .webm file, or a .png folder of frames.", completion: .file(extensions: ["gif", "mp4", "webm", "png"]))
    var output: String

    @Option(help: "Frames per second, of the playback and of the output (1 to 120; default 60, for a GIF 50, its most).")
    var fps: Double?

    @Option(help: "Pixels per point: 1, 2 or 3 (default 2).")
    var scale: Int = 2

    @Option(help: "The output's size in pixels, WxH (default: the window's size times --scale); the frames are resized to it.")
    var size: String?

    @Option(help: "The first frame's time, in seconds (default 0).")
    var from: Double?

    @Option(help: "The last frame's time at most, in seconds (default: the end).")
    var to: Double?

    /// The output's format, from its extension.
    var format: RenderFormat? { RenderFormat(pathExtension: URL(fileURLWithPath: output).pathExtension) }

    /// `--size WxH` as a size in pixels; nil when absent or not two whole numbers.
    static func pixelSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// The options the library renders with.
    var options: RenderOptions? {
        guard let format else { return nil }
        return RenderOptions(
            format: format, framesPerSecond: fps, scale: scale, size: size.flatMap(Self.pixelSize),
            from: from, to: to)
    }

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("-o: expected a file name") }
        guard format != nil else {
            let ext = URL(fileURLWithPath: output).pathExtension
            throw ValidationError("-o \(output): \(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); use \(RenderFormat.extensionList)")
        }
        if let size, Self.pixelSize(size) == nil { throw ValidationError("--size: expected WxH in whole pixels (e.g. 780x1688), got '\(size)'") }
        do {
            try options?.validate()
        } catch {
            throw ValidationError(error.description)
        }
        if let plugin { try InputFile.validate(plugin, noun: "plugin file") }
    }

    private var reporter: PlaybackReporter { PlaybackReporter(command: "scrim render", typedPlugin: plugin) }

    @MainActor func run() async throws {
        guard let options else { throw ValidationError("-o \(output): use \(RenderFormat.extensionList)") }
        let page: PreviewPage, result: PlaybackResult
        do {
            let template = try playback.playback(plugin: plugin, pluginDirectories: pluginDirectories.urls, fps: options.framesPerSecond)
            (page, result) = try template.record()
        } catch {
            throw reporter.failure(error)
        }
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
        let summary: FrameRenderer.Summary
        do {
            summary = try await FrameRenderer(options: options).render(page, to: URL(fileURLWithPath: output)) { done, total in
                bar?.show(done, of: total)
            }
            bar?.clear()
        } catch {
            bar?.clear()
            printError("scrim render: \(error)")
            // A range past the recording's end is known only once it has played: still a usage error.
            throw error.isUsageError ? ExitCode(2) : ExitCode.failure
        }
        let scale = options.size == nil ? " at \(options.scale)×" : " (\(summary.pixelWidth) × \(summary.pixelHeight) px)"
        print("\(output): \(summary.frames) frame\(summary.frames == 1 ? "" : "s"), \(summary.windowWidth) × \(summary.windowHeight)\(scale), \(String(format: "%.2f", summary.duration)) s")
        reporter.report(result.faults)
        if let advice = result.noInputAdvice { printError("scrim render: \(advice)") }
        if !result.faults.isEmpty { throw ExitCode.failure }
    }
}

/// The progress of `scrim render` on a terminal: one line on standard error, redrawn in place.
private struct ProgressBar: Sendable {
    static let width = 30

    func show(_ done: Int, of total: Int) {
        let filled = total > 0 ? done * Self.width / total : Self.width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: Self.width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) frames".utf8))
    }

    func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
