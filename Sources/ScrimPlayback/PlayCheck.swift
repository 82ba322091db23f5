import Foundation
import ScrimCore
import ScrimHost

/// `scrim check --play` and the language server's check on save: plays each role of a plugin on
/// the demo scene, as a user would first try it, on one host of its own, and gathers the faults.
///
/// | role | plays |
/// |---|---|
/// | animator, presentation | present, then dismiss |
/// | delegate | present and dismiss; push and pop |
/// | interaction | as the plugin's other roles, or present and dismiss; each interactive transition is driven by a percent sweep (0.25, 0.5, 0.75, then finish, a tenth of a second apart); an interaction-only plugin drives the shipped `crossfade` animator |
///
/// Segue and controller plugins are checked when they load only: what they do depends on the
/// scene that names them.
package struct PlayCheck: Sendable {
    /// One play: what it is called in messages (`present and dismiss`) and what it plays.
    package struct Play: Sendable {
        package var name: String
        package var playback: TransitionPlayback
    }

    /// The plays of `plugin` (its roles as it loaded; `directories`: more plugin directories).
    package static func plays(of plugin: URL, roles: [RoleKind], directories: [URL] = []) -> [Play] {
        let roles = Set(roles)
        var base = TransitionPlayback(plugin: plugin, pluginDirectories: directories, dismiss: true)
        if roles.contains(.interaction) {
            base.interaction = .percentSweep
            // Both directions interactive: each is checked with the sweep (a delegate decides itself).
            if !roles.contains(.delegate) { base.interactive = .both }
            if roles.isDisjoint(with: [.animator, .delegate]) {
                guard let shipped = ShippedPlugins.directory else { return [] }
                base.pluginDirectories.append(shipped)
                base.animator = "crossfade"
            }
        }
        guard !roles.isDisjoint(with: [.animator, .presentation, .interaction, .delegate]) else { return [] }
        var plays = [Play(name: "present and dismiss", playback: base)]
        if roles.contains(.delegate) {
            var push = base
            push.push = true
            plays.append(Play(name: "push and pop", playback: push))
        }
        return plays
    }

    /// Loads the plugin file at `plugin` on a host of its own (its directory and `directories` as
    /// plugin directories, with `limits`), plays every role it plays on that host (each play on a
    /// new window: nothing is compiled again), and returns the faults, each at most once (the same
    /// place and message from two plays is one fault). A plugin that does not load
    /// (`pluginDidNotLoad`), or a play that cannot start, is the error.
    @MainActor
    package static func faults(
        of plugin: URL, directories: [URL] = [], limits: ScrimHost.Limits = .init()
    ) throws(PlaybackError) -> [PlaybackFault] {
        let plugin = plugin.standardizedFileURL
        let probe = TransitionPlayback(plugin: plugin, pluginDirectories: directories, limits: limits)
        var host = try probe.makeHost()
        let plays = plays(of: plugin, roles: try TransitionPlayback.loaded(plugin, in: host).roles, directories: directories)
        // An interaction-only plugin's plays add the shipped directory, for the animator they drive.
        if let first = plays.first, first.playback.pluginDirectories != directories {
            var playback = first.playback
            playback.limits = limits
            host = try playback.makeHost()
        }
        var faults: [PlaybackFault] = []
        for play in plays {
            for fault in try play.playback.play(on: host).faults
            where !faults.contains(where: { $0.diagnostic == fault.diagnostic && $0.message == fault.message }) {
                faults.append(fault)
            }
        }
        return faults
    }
}

extension InteractionScript {
    /// Percent updates to 0.25, 0.5 and 0.75, then finish: given a tenth of a second apart, from
    /// 0.1 s after an interactive transition begins.
    static let percentSweepActions: [Action] = [.update(0.25), .update(0.5), .update(0.75), .finish]
}
