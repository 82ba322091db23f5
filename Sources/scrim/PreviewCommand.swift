import ArgumentParser
import Foundation
import Scrim
import ScrimHost
import ScrimPlayback
import ScrimPreview

/// `scrim preview`: plays a plugin's transition as `scrim run` does and writes a self-contained
/// HTML page that plays it back: every view of the window at every frame, the controls, and the
/// timeline plot of every animated property.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML page that plays a plugin's transition (default: Plugins/pop.lua on the recipe demo).",
        discussion: """
            The transition runs as with `scrim run` (the manual clock at 60 fps, the same scene, delegate and \
            options); the page holds every view of the window at every frame, drawn as SVG, with play and \
            pause, a time scrubber, frame steps (the arrow keys), speed from 0.1× to 2×, loop, the views' ids \
            on hover, and a plot of each animated property's progress. Nothing is fetched: the page opens \
            from disk. It is written to a temporary file and renamed, so it is never seen half written.
            """)

    @Argument(
        help: "The plugin file (default: Plugins/pop.lua with the demo scene); with --serve, several: the first is played, the picker lists them all.",
        completion: .file(extensions: ["lua"]))
    var plugins: [String] = []

    /// The plugin played (first).
    var plugin: String? { plugins.first }

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @OptionGroup var playback: PlaybackOptions

    @Flag(help: "Serve the player on 127.0.0.1 instead of writing a page: the URL (with its token) is printed; runs until interrupted.")
    var serve = false

    @Option(help: "With --serve: the port to listen on (0: any free one).")
    var port: UInt16?

    @Option(name: .shortAndLong, help: "The page to write (default: the plugin's name with .html, in the current directory).", completion: .file(extensions: ["html"]))
    var output: String?

    /// How the options say to play the plugin.
    func template() throws(PlaybackError) -> TransitionPlayback {
        try playback.playback(plugin: plugin, pluginDirectories: pluginDirectories.urls, fps: TransitionPlayback.previewFramesPerSecond)
    }

    private var reporter: PlaybackReporter { PlaybackReporter(command: "scrim preview", typedPlugin: plugin) }

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("-o: expected a file name") }
        if serve, output != nil { throw ValidationError("-o is the static page's: --serve writes no file") }
        if !serve, port != nil { throw ValidationError("--port is --serve's: add --serve") }
        if !serve, plugins.count > 1 { throw ValidationError("one plugin file (several only with --serve)") }
        for plugin in plugins { try InputFile.validate(plugin, noun: "plugin file") }
    }

    @MainActor func run() async throws {
        if serve {
            try await serveLive()
            return
        }
        let page: PreviewPage, result: PlaybackResult, name: String
        do {
            let template = try template()
            name = try template.pluginFile().lastPathComponent
            (page, result) = try template.record()
        } catch {
            throw reporter.failure(error)
        }
        let path = output ?? (name.hasSuffix(".lua") ? String(name.dropLast(4)) : name) + ".html"
        do {
            try page.write(to: URL(fileURLWithPath: path))
        } catch {
            printError("scrim preview: -o \(path): \(error.reason)")
            throw ExitCode.failure
        }
        let recording = page.recording
        let faults = result.faults.isEmpty ? "" : ", \(result.faults.count) fault\(result.faults.count == 1 ? "" : "s") (on the page)"
        let device = recording.device.map { ", \($0)" } ?? ""
        print(
            "\(path): \(recording.frames.count) frames, \(String(format: "%.4f", recording.duration)) s, \(page.tracks.count) animated properties\(device)\(faults)")
        reporter.report(result.faults)
        if let advice = result.noInputAdvice { printError("scrim preview: \(advice)") }
        if !result.faults.isEmpty { throw ExitCode.failure }
    }

    /// `--serve`: serves the page on 127.0.0.1, prints its URL and runs until SIGINT or SIGTERM,
    /// with a `LivePreview` recording it again after each save, for the picker and for drags.
    @MainActor private func serveLive() async throws {
        signal(SIGPIPE, SIG_IGN)
        let reporter = reporter
        let pluginURL: URL, template: TransitionPlayback
        do {
            template = try self.template()
            pluginURL = try template.pluginFile()
        } catch {
            throw reporter.failure(error)
        }
        let preview: LivePreview
        do {
            preview = try await LivePreview.start(
                plugin: pluginURL, others: plugins.dropFirst().map { URL(fileURLWithPath: $0) }, template: template, port: port ?? 0,
                artifacts: .commandLine,
                onEvent: { event in
                    guard case .played(let plugin, let generation, let faults) = event else {
                        return printError("scrim preview: \(event.description)")
                    }
                    printError("scrim preview: \(plugin.lastPathComponent): generation \(generation)")
                    reporter.report(faults)
                })
        } catch {
            if case .cannotPlay(let played) = error { throw reporter.failure(played) }
            printError("scrim preview: \(error)")
            throw ExitCode.failure
        }
        // Caught from before the URL is printed: a signal sent as soon as it is read is heard.
        guard let signals = SignalPipe.interruptions() else {
            await preview.stop()
            printError("scrim preview: cannot catch SIGINT and SIGTERM: \(String(cString: strerror(errno)))")
            throw ExitCode.failure
        }
        // Written at once (not through stdout's buffer): a program reading the pipe sees it now.
        FileHandle.standardOutput.write(Data("\(preview.url.absoluteString)\n".utf8))
        var signal = SIGINT
        for await number in signals {
            signal = number
            break
        }
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        await preview.stop(reason: "scrim preview --serve was interrupted: \(name)")
        printError("scrim preview: stopped (\(name))")
    }
}
