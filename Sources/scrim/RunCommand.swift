import ArgumentParser
import Foundation
import Scrim
import ScrimPlayback

/// `scrim run`: presents (and with `--dismiss` then dismisses) a view controller of a scene with
/// a plugin's roles on the manual clock, plays an interaction file if given, and prints the
/// timeline: the views that moved, the transitions' events and what the plugins printed.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a plugin's transition on a scene (default: Plugins/pop.lua on the built-in recipe demo) and print its timeline.",
        discussion: """
            Runs on the manual clock, so the output is the same on every machine. The scene's first view \
            controller that is neither the root nor a child is presented from the root (on the demo: details, \
            from the navigation controller nav that holds the home screen); with --push it is pushed on the \
            scene's first navigation controller instead, the plugin's delegate becoming its delegate. The plugin's roles make \
            its delegate: a delegate plugin is used as it is; otherwise it vends the animator, interaction and \
            presentation controller the plugin plays (a presentation controller implies --style custom; an \
            interaction-only plugin needs --animator). On the demo scene, the options carry originFrame (the \
            first card's frame). The plugin's own directory and the --plugins directories are the plugin \
            directories: their plugins can be named and required. With --segue the scene's segue runs instead \
            (from code, or triggered by a tap on the --tap view), animated by the plugin's roles; a segue plugin \
            is the segue class the scene's custom segues name.
            """)

    @Argument(help: "The plugin file (default: Plugins/pop.lua with the demo scene).", completion: .file(extensions: ["lua"]))
    var plugin: String?

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @OptionGroup var playback: PlaybackOptions

    @Option(help: "Frames per second of the manual clock (0 < fps ≤ 1000).")
    var fps: Double = 60

    @Option(help: "Seconds to run, 0 to 3600 (default: until the transitions end).")
    var seconds: Double?

    @Flag(help: "Print one JSON object per frame, shaped like scrim/frame's params, instead of a table.")
    var json = false

    @Flag(help: "With --json: also print the transitions' events, the input played and the plugins' output as JSON objects, in order.")
    var events = false

    /// The usage errors (exit 2): bad values, options that do not go together, files that are not
    /// there. What is wrong inside a file is found when it is read, and is a failure (exit 1).
    func validate() throws {
        if !(fps.isFinite && fps > 0 && fps <= 1000) {
            throw ValidationError("--fps: expected a number of frames per second above 0 and at most 1000, got \(fps)")
        }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 3600) {
            throw ValidationError("--seconds: expected a number from 0 to 3600, got \(seconds)")
        }
        if events, !json { throw ValidationError("--events goes with --json (the table always shows the events)") }
        if let plugin { try InputFile.validate(plugin, noun: "plugin file") }
    }

    @MainActor func run() async throws {
        let reporter = PlaybackReporter(command: "scrim run", typedPlugin: plugin)
        var timeline = RunTimeline()
        let result: PlaybackResult
        let played: TransitionPlayback
        do {
            played = try playback.playback(plugin: plugin, pluginDirectories: pluginDirectories.urls, fps: fps, seconds: seconds)
            result = try played.play(
                onEvent: { event in timeline.record(event) },
                onFrame: { time, window in timeline.recordFrame(at: time, in: window) })
        } catch {
            throw reporter.failure(error)
        }
        if json {
            for line in timeline.jsonLines(events: events) { print(line) }
        } else {
            for line in timeline.tableLines() { print(line) }
        }
        reporter.report(result.faults)
        if let advice = result.noInputAdvice { printError("scrim run: \(advice)") }
        if !result.faults.isEmpty { throw ExitCode.failure }
    }
}
