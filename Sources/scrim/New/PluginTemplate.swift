import Scrim

/// What `scrim new ROLE NAME` writes — the plugin file, and for a segue class or a controller the
/// scene that names it — and the commands that play them.
struct PluginTemplate {
    /// A file to write: its name in the directory, its text, and what it is, for the `wrote` line.
    struct File {
        var name: String
        var contents: String
        var summary: String
    }

    let role: RoleKind
    let name: PluginName

    /// The plugin file first.
    var files: [File] {
        let file = name.identifier
        let plugin = File(name: "\(file).lua", contents: source, summary: summary)
        switch role {
        case .segue:
            return [plugin, File(name: "\(file).scene.json", contents: SceneTemplate.source(segueClass: file), summary: "a scene whose card's segue is of this class")]
        case .controller:
            return [plugin, File(name: "\(file).scene.json", contents: SceneTemplate.source(controller: file), summary: "a scene whose screens have this behaviour")]
        case .animator, .interaction, .presentation, .delegate:
            return [plugin]
        }
    }

    /// The plugin's text.
    private var source: String {
        switch role {
        case .animator: AnimatorTemplate.source(name)
        case .interaction: InteractionTemplate.source(name)
        case .presentation: PresentationTemplate.source(name)
        case .delegate: DelegateTemplate.source(name)
        case .segue: SeguePluginTemplate.source(name)
        case .controller: ControllerTemplate.source(name)
        }
    }

    /// What the plugin is, in UIKit's words.
    private var summary: String {
        switch role {
        case .animator: "an animator"
        case .interaction: "an interaction controller"
        case .presentation: "a presentation controller"
        case .delegate: "a navigation controller's delegate"
        case .segue: "a custom segue class"
        case .controller: "a view controller's behaviour"
        }
    }

    /// The commands that play the files, the one to try first at the head. `path` shows a file's name as
    /// the command line gives it; `shippedPlugins` is the directory of the plugins that ship with
    /// Scrim, whose `crossfade` an interaction drives.
    func nextCommands(path: (String) -> String, shippedPlugins: String) -> [String] {
        let plugin = path("\(name.identifier).lua")
        let play: String
        switch role {
        case .animator, .presentation: play = "\(plugin) --dismiss"
        case .delegate: play = "\(plugin) --push --dismiss"
        case .interaction: play = "\(plugin) --animator crossfade --plugins \(shippedPlugins)"
        case .segue, .controller: play = "\(plugin) --scene \(path("\(name.identifier).scene.json")) --segue open --tap card"
        }
        let preview = "scrim preview --serve \(play)"
        // An interaction waits for input: drags on the live page give it.
        return role == .interaction ? [preview + "   (drag down on the page)"] : ["scrim run \(play)", preview]
    }
}
