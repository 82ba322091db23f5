import Foundation
import ScrimCore
import ScrimPlayback

/// What a live preview tells whoever started it (the command line prints it; the language server
/// publishes the faults on the plugin's file).
package enum LivePreviewEvent: Sendable {
    /// A generation of the plugin file played (`faults` empty: cleanly); the page shows it, or
    /// the first fault over the last good page.
    case played(plugin: URL, generation: Int, faults: [PlaybackFault])
    /// A generation that loaded could not be played at all.
    case cannotPlay(plugin: URL, generation: Int, error: PlaybackError)
    /// A save of the plugin file that does not load.
    case loadError(ScriptDiagnostic)
    /// `scrim serve` started a preview of the plugin file, at this address.
    case started(plugin: URL, url: URL)
    /// `scrim serve` stopped a preview of the plugin file, for this reason.
    case stopped(plugin: URL, reason: String)

    /// The event in a line, for a terminal.
    package var description: String {
        switch self {
        case .played(let plugin, let generation, let faults):
            "\(plugin.lastPathComponent): generation \(generation)"
                + (faults.isEmpty ? "" : " faulted: " + faults.map(\.description).joined(separator: "; "))
        case .cannotPlay(let plugin, let generation, let error):
            "\(plugin.lastPathComponent): generation \(generation) could not be played: \(error)"
        case .loadError(let diagnostic): "\(diagnostic)"
        case .started(let plugin, let url):
            "preview of \(plugin.lastPathComponent) at \(url.absoluteString)"
        case .stopped(let plugin, let reason):
            "preview of \(plugin.lastPathComponent) stopped: \(reason)"
        }
    }
}
