import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback

/// A plugin file's play diagnostics (Docs/Protocol.md, "Play diagnostics"): the faults of the
/// newest play of the file — the server's play-check on save, or a generation of a live preview
/// it started — published on the file after its load diagnostics. Each fault is an error with the
/// fault's message; where and when it happened (`animator 'fade', in animateTransition, 0 s into
/// transition 1`) is its first related information.
package enum PlayDiagnostics {
    /// Plays the roles of the plugin file at `path` (`PlayCheck`: a host of its own, with
    /// `directories` as more plugin directories and the session's `limits`); nil when it does not
    /// load (its load diagnostics tell why).
    @MainActor
    package static func check(_ path: String, directories: [URL], limits: ScrimHost.Limits) -> [ScriptDiagnostic]? {
        do {
            return of(try PlayCheck.faults(of: URL(fileURLWithPath: path), directories: directories, limits: limits), plugin: path)
        } catch {
            if case .pluginDidNotLoad = error { return nil }
            return cannotPlay(error, plugin: path)
        }
    }

    /// The diagnostics on the plugin file at `path` of a play's faults. A fault placed in another
    /// file, or in none (a role written in Swift), is put on the file's first line, its message
    /// saying where it is — unless a fault placed in the file has its message (a contract fault
    /// the play reported twice).
    package static func of(_ faults: [PlaybackFault], plugin path: String) -> [ScriptDiagnostic] {
        let placed = Set(faults.filter { $0.diagnostic?.path == path }.map(\.message))
        return faults.compactMap { fault in
            let place = fault.diagnostic.map { ($0.path, $0.range) } ?? (path, firstLine)
            let context = ScriptDiagnostic.Related(path: place.0, range: place.1, message: fault.context)
            if var diagnostic = fault.diagnostic, diagnostic.path == path {
                diagnostic.severity = .error
                diagnostic.related.insert(context, at: 0)
                return diagnostic
            }
            guard !placed.contains(fault.message) else { return nil }
            return ScriptDiagnostic(path: path, range: firstLine, message: fault.description, related: [context])
        }
    }

    /// The diagnostics of a play of the plugin file at `path` that could not start: an error on
    /// its first line saying why; none for a plugin that did not load (its load diagnostics say
    /// it).
    package static func cannotPlay(_ error: PlaybackError, plugin path: String) -> [ScriptDiagnostic] {
        if case .pluginDidNotLoad = error { return [] }
        return [ScriptDiagnostic(path: path, range: firstLine, message: "it cannot be played: \(error)")]
    }

    private static let firstLine = ScriptDiagnostic.Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
}
