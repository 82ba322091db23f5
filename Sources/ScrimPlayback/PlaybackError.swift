import ScrimCore

/// Why a transition could not be played. The messages name the option or file at fault in the
/// command line's words (`--scene demo.json: …`); whoever shows them adds who is speaking
/// (`scrim run: …`).
package enum PlaybackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Options that do not fit the plugin or the scene (an interaction-only plugin without an
    /// animator, an animator no plugin directory has): a usage error.
    case invalidOptions(String)
    /// Something named cannot be used: a scene, an interaction file, a segue, a view to tap, a
    /// presentation the host refused.
    case cannotPlay(String)
    /// The plugin file did not load: its diagnostics (its errors first).
    case pluginDidNotLoad(path: String, diagnostics: [ScriptDiagnostic])

    package var description: String {
        switch self {
        case .invalidOptions(let message), .cannotPlay(let message): message
        case .pluginDidNotLoad(let path, _): "\(path): the plugin did not load"
        }
    }
}
