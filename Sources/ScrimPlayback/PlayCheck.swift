import Foundation
import ScrimCore
import ScrimHost

/// `scrim check --play` and the language server's check on save: plays each role of a plugin on
/// the demo scene, as a user would first try it, and gathers the faults.
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

    /// Plays every role of the plugin at `plugin` and returns the faults, each at most once (the
    /// same place and message from two plays is one fault). A plugin that does not load, or a
    /// play that cannot start, is the error.
    @MainActor
    package static func faults(of plugin: URL, roles: [RoleKind], directories: [URL] = []) throws(PlaybackError) -> [PlaybackFault] {
        var faults: [PlaybackFault] = []
        for play in plays(of: plugin, roles: roles, directories: directories) {
            for fault in try play.playback.play().faults
            where !faults.contains(where: { $0.diagnostic == fault.diagnostic && $0.message == fault.message }) {
                faults.append(fault)
            }
        }
        return faults
    }
}

extension InteractionScript {
    /// Percent updates to 0.25, 0.5 and 0.75, then finish, a tenth of a second apart from
    /// `start` + 0.1 s on.
    static func percentSweep(from start: Double) -> InteractionScript {
        let actions: [Action] = [.update(0.25), .update(0.5), .update(0.75), .finish]
        return InteractionScript(events: actions.enumerated().map { Event(time: start + 0.1 * Double($0 + 1), action: $1) })
    }
}
