import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimPreview

extension TransitionPlayback {
    /// Plays this and exports its transitions as a UIKit Swift file.
    ///
    /// It plays as `record()` does (the preview's 60 fps), except that an interactive transition
    /// is given a finish as it begins, so that its animator's own timeline is recorded (unless an
    /// `--interaction` file drives it). The first presentation, dismissal, push and pop that
    /// completed are exported. `typeName` nil: from the plugin file's name (`pop.lua` →
    /// `PopTransition`); `generation` is the hot-reload generation the header names (nil: 1,
    /// a plugin as first loaded).
    @MainActor package func exportSwift(typeName: String? = nil, generation: Int? = nil) throws(ExportError) -> SwiftExport {
        var playback = self
        if playback.interaction == nil || playback.interaction == .percentSweep { playback.interaction = .finish }
        // A live preview's template stops where a transition waits for a drag: this plays to the end.
        playback.stopsWhenWaitingForInput = false
        let pluginURL: URL, scene: SceneDescription, recording: PreviewRecording, info: PluginInfo
        do {
            pluginURL = try playback.pluginFile()
            scene = try playback.loadScene()
            let host = try playback.makeHost()
            info = try Self.loaded(pluginURL, in: host)
            let (page, result) = try playback.record(on: host)
            guard result.faults.isEmpty else { throw ExportError.faulted(result.faults) }
            recording = page.recording
        } catch let error as ExportError {
            throw error
        } catch let error as PlaybackError {
            throw .cannotPlay(error)
        } catch {
            throw .cannotPlay(.cannotPlay("\(error)"))
        }
        let plugin = pluginURL.lastPathComponent
        // A plugin of none of these roles (a segue) animates without an animator: the transitions
        // that ran are UIKit's own.
        guard animator != nil || !Set(info.roles).isDisjoint(with: [.animator, .interaction, .presentation, .delegate]) else {
            throw .nothingToExport(plugin: plugin)
        }
        let reducer = KeyframeReducer()
        let sceneIDs = Self.viewIDs(of: scene)
        var transitions: [ExportedTransition] = []
        for transition in recording.transitions where !transitions.contains(where: { $0.kind.rawValue == transition.kind }) {
            if let exported = ExportedTransition(transition, in: recording, sceneIDs: sceneIDs, reducer: reducer) { transitions.append(exported) }
        }
        guard !transitions.isEmpty else { throw .nothingToExport(plugin: plugin) }
        let name = typeName ?? SwiftSourceWriter.typeName(forPlugin: plugin)
        let writer = SwiftSourceWriter(
            typeName: name, plugin: plugin, generation: generation, options: exportOptions(sceneWindow: scene.windowSize),
            transitions: transitions, tolerance: reducer.tolerance)
        return SwiftExport(source: writer.source(), fileName: "\(name).swift", typeName: name, transitions: transitions, recording: recording)
    }

    /// The ids of the scene's views: each view controller's view (its id, else the controller's)
    /// and every view with an id under it.
    static func viewIDs(of scene: SceneDescription) -> Set<String> {
        var ids = Set<String>()
        func add(_ view: SceneDescription.ViewDescription) {
            if let id = view.id { ids.insert(id) }
            view.subviews.forEach(add)
        }
        for controller in scene.viewControllers {
            ids.insert(controller.view.id ?? controller.id)
            add(controller.view)
        }
        return ids
    }

    /// What was played, for the file's header.
    func exportOptions(sceneWindow: Size) -> [String] {
        var lines: [String] = []
        let window = device.map { "\($0.label)" } ?? "\(SwiftSourceWriter.number(sceneWindow.width)) × \(SwiftSourceWriter.number(sceneWindow.height)) pt"
        lines.append("scene: \(scene?.lastPathComponent ?? "the built-in recipe demo"), window \(window)")
        if let style { lines.append("--style \(style.rawValue)") }
        if let animator { lines.append("--animator \(animator)") }
        if let interactive { lines.append("--interactive \(interactive)") }
        if let scenario {
            let steps = scenario.steps.map { step in step.name.map { "\($0) (\(step.actionName))" } ?? step.actionName }
            lines.append("--scenario: \(steps.joined(separator: ", "))")
            let options = scenario.options.keys.sorted().map { key in
                switch scenario.options[key] {
                case .number(let number): "\(key) = \(SwiftSourceWriter.number(number))"
                case .string(let text): "\(key) = \(text)"
                case .bool(let flag): "\(key) = \(flag)"
                default: key
                }
            }
            if !options.isEmpty { lines.append("options: \(options.joined(separator: ", "))") }
        } else {
            if push { lines.append("--push") }
            if dismiss { lines.append("--dismiss") }
            if let segue { lines.append("--segue \(segue)") }
            if let tap { lines.append("--tap \(tap)") }
        }
        if case .file(let url) = interaction { lines.append("--interaction \(url.lastPathComponent)") }
        lines.append("\(SwiftSourceWriter.number(fps)) frames per second")
        return lines
    }
}
