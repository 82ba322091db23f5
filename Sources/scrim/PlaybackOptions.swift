import ArgumentParser
import Foundation
import Scrim
import ScrimHost
import ScrimPlayback

/// What to play, shared by `run` and `preview`: the scene, the presentation style, the animator
/// an interaction drives and which transitions it drives, the device whose window it plays in,
/// and the steps — a scenario file, or its shorthands: the interaction file, push or present,
/// dismiss after, or a segue.
/// Values that do not go together are usage errors (exit 2).
struct PlaybackOptions: ParsableArguments {
    @Option(
        help: "A scene file (.json or .lua returning the scene table); default: the built-in recipe demo.",
        completion: .file(extensions: ["json", "lua"]))
    var scene: String?

    @Option(help: "The presented view controller's modalPresentationStyle.")
    var style: PresentationStyleArgument?

    @Option(help: "The animator an interaction-only plugin drives (a plugin or role name of the plugin directories).")
    var animator: String?

    @Option(
        help: "A JSON file of timed pan events or percent updates to play (see Docs/WritingAnimators.md).",
        completion: .file(extensions: ["json"]))
    var interaction: String?

    @Flag(help: "Dismiss when the presentation has ended (with --push: pop when the push has ended).")
    var dismiss = false

    @Flag(help: "Push the scene's template on its navigation controller instead of presenting it; the plugin animates the push (and with --dismiss the pop).")
    var push = false

    @Option(help: "Run the scene's segue with this identifier instead of presenting (declared by the first view controller that has it); the plugin animates it.")
    var segue: String?

    @Option(help: "With --segue: trigger it by a tap on the view with this id (its source's shouldPerformSegue is asked) instead of from code; a tap that would run another segue, or none, is refused.")
    var tap: String?

    @Option(
        help: "Play in a device's window: its size in points and its size class instead of the scene's (iphone-16-pro, ipad-air-11-landscape, …; see Docs/CLI.md, \"Devices\").",
        completion: .list(Device.all.map(\.name)))
    var device: String?

    @Option(
        help: "A JSON file of steps to play (present, dismiss, push, pop, segue, tap, selectTab, size, pans, waits; see Docs/CLI.md); it may name the plugin, the scene and the options.",
        completion: .file(extensions: ["json"]))
    var scenario: String?

    @Option(help: "Which transitions the plugin's interaction drives: presentation, dismissal or both (default: the dismissal when one is played, else the presentation).")
    var interactive: String?

    /// What the options say to play: `plugin` (nil: the scenario's, else the shipped `pop.lua`)
    /// with the other plugin directories, at `fps`, for `seconds` (nil: to the end).
    ///
    /// - Throws: `PlaybackError.cannotPlay` when the scenario file cannot be read.
    func playback(plugin: String?, pluginDirectories: [URL], fps: Double, seconds: Double? = nil) throws(PlaybackError) -> TransitionPlayback {
        func file(_ path: String) -> URL { URL(fileURLWithPath: path).standardizedFileURL }
        var playback = TransitionPlayback(
            plugin: plugin.map(file), pluginDirectories: pluginDirectories, scene: scene.map(file), style: style?.value,
            animator: animator, interaction: interaction.map { .file(file($0)) }, dismiss: dismiss, push: push, segue: segue,
            tap: tap, interactive: interactive.flatMap(InteractiveTransitions.init(word:)), fps: fps, seconds: seconds)
        // `validate()` refused a name that names no device.
        playback.device = device.flatMap { try? Device(named: $0) }
        if let scenario {
            do {
                playback.use(try Scenario(contentsOf: file(scenario)))
            } catch {
                throw .cannotPlay("--scenario \(error)")
            }
        }
        return playback
    }

    func validate() throws {
        if let style, style.value == nil {
            throw ValidationError(
                "--style: unknown presentation style '\(style.word)'; use one of \(PresentationStyleArgument.allValueStrings.joined(separator: ", "))")
        }
        if push, style != nil { throw ValidationError("--style is a presentation's: a push has no presentation style") }
        if tap != nil, segue == nil { throw ValidationError("--tap goes with --segue (the tap triggers the segue)") }
        if segue != nil, push || dismiss || style != nil {
            throw ValidationError("--segue runs the scene's segue as declared: --push, --dismiss and --style do not go with it")
        }
        if let interactive, InteractiveTransitions(word: interactive) == nil {
            throw ValidationError("--interactive: expected presentation, dismissal or both, got '\(interactive)'")
        }
        if scenario != nil, push || dismiss || segue != nil || interaction != nil {
            throw ValidationError(
                "--scenario says the steps: --push, --dismiss, --segue, --tap and --interaction are shorthands for steps and do not go with it")
        }
        if let scenario { try InputFile.validate(scenario, prefix: "--scenario: ") }
        if let device {
            do { _ = try Device(named: device) } catch { throw ValidationError("--device: \(error)") }
        }
        if let scene { try InputFile.validate(scene, prefix: "--scene: ") }
        if let interaction { try InputFile.validate(interaction, prefix: "--interaction: ") }
    }
}
