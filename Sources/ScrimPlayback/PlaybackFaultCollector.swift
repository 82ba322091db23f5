import Foundation
import ScrimCore
import ScrimHost

/// Makes `PlaybackFault`s of what a host reports while it plays: a role's fault (a transition
/// diagnostic: which role, which object, which transition) and where it is in the plugin file
/// (the script diagnostic the host adds to the file), paired when they are about the same plugin
/// in the same tick, in whichever order the host reported them.
///
/// The diagnostics a file had when the collector was made (its load errors and warnings) are not
/// faults of the run.
@MainActor
package final class PlaybackFaultCollector {
    private let host: ScrimHost
    private var observation: ScrimHost.Observation?
    /// Each file's diagnostics as last published.
    private var seen: [String: [ScriptDiagnostic]]
    /// When each transition began, to tell a fault's time in its transition.
    private var began: [Int: Double] = [:]
    /// The faults of the tick in progress, still open to pairing.
    private var pending: [PlaybackFault] = []
    /// Every fault handed out by `flush()`.
    package private(set) var faults: [PlaybackFault] = []

    package init(host: ScrimHost) {
        self.host = host
        seen = host.scriptDiagnostics
        observation = host.onDiagnostics { [weak self] diagnostic in self?.heard(diagnostic) }
    }

    isolated deinit {
        observation?.remove()
    }

    /// Notes when a transition began (the playback hears it from the host).
    package func transitionBegan(_ transition: Int, at time: Double) {
        began[transition] = time
    }

    /// The faults completed since the last call, in the order they happened.
    package func flush() -> [PlaybackFault] {
        defer { pending = [] }
        faults += pending
        return pending
    }

    private func heard(_ diagnostic: HostDiagnostic) {
        switch diagnostic {
        case .script(let path, let list):
            let known = seen[path] ?? []
            seen[path] = list
            for new in list where new.severity == .error && !known.contains(new) {
                placed(new)
            }
        case .transition(let fault):
            contained(fault)
        }
    }

    /// A new error on a plugin file: it completes the role fault of the same plugin in this tick
    /// (a contract fault is reported before its place), or is a fault of its own (a Lua error is
    /// placed before the role's fault is contained; a completion's error has no role).
    private func placed(_ diagnostic: ScriptDiagnostic) {
        let plugin = host.plugins.first { $0.path == diagnostic.path }
        // A Lua error without a position (`error(nil)`, a table) is placed where it was raised and
        // then, as the role's fault, again at the method's line (`animateTransition threw: …`):
        // the second is the same fault.
        if pending.contains(where: { $0.role != nil && $0.diagnostic?.path == diagnostic.path && Self.echoes(diagnostic, $0) }) {
            return
        }
        if let index = pending.lastIndex(where: { $0.diagnostic == nil && $0.object != nil && $0.object == plugin?.name }) {
            pending[index].diagnostic = diagnostic
            pending[index].message = diagnostic.message
            return
        }
        pending.append(
            PlaybackFault(
                diagnostic: diagnostic, message: diagnostic.message, generation: plugin?.generation, time: host.now))
    }

    /// What a diagnostic's message says after the method's name (`attempt to index a nil value`
    /// of `animateTransition: attempt to index a nil value`), or nil when it has no such prefix.
    private static func said(_ message: String) -> Substring? {
        guard let separator = message.range(of: ": ") else { return nil }
        let said = message[separator.upperBound...]
        return said.isEmpty ? nil : said
    }

    /// Whether `diagnostic` says again what `fault` says: its message ends with the fault's
    /// message after the method's name.
    private static func echoes(_ diagnostic: ScriptDiagnostic, _ fault: PlaybackFault) -> Bool {
        guard let said = said(fault.message) else { return false }
        return diagnostic.message != fault.message && diagnostic.message.hasSuffix(said)
    }

    /// Whether a role's fault is the error `diagnostic` placed: a message that ends with the
    /// diagnostic's (a contract fault has the same), or with what it says after the method's name
    /// (`animateTransition threw: file:9: …`).
    private static func isPlaced(_ fault: TransitionDiagnostic, by diagnostic: ScriptDiagnostic) -> Bool {
        if fault.message.hasSuffix(diagnostic.message) { return true }
        guard let said = said(diagnostic.message) else { return false }
        return fault.message.hasSuffix(said)
    }

    /// A role's fault: it completes the placed error of the same plugin (or saying the same) in
    /// this tick; else it is a fault of its own — placed where its file already has it (a fault
    /// that comes again is not published again), or unplaced (a Swift role's, or a contract fault
    /// whose place comes next).
    private func contained(_ fault: TransitionDiagnostic) {
        let plugin = host.plugins.first { $0.name == fault.object }
        let transitionTime = fault.transition.flatMap { began[$0] }.map { host.now - $0 }
        let method = fault.method
        if let index = pending.lastIndex(where: { candidate in
            guard candidate.role == nil, let diagnostic = candidate.diagnostic else { return false }
            return diagnostic.path == plugin?.path || Self.isPlaced(fault, by: diagnostic)
        }) {
            pending[index].role = fault.role
            pending[index].object = fault.object
            pending[index].method = method
            pending[index].transition = fault.transition
            pending[index].transitionTime = transitionTime
            return
        }
        let known = plugin.flatMap { plugin in
            host.scriptDiagnostics[plugin.path]?.last { $0.severity == .error && Self.isPlaced(fault, by: $0) }
        }
        pending.append(
            PlaybackFault(
                diagnostic: known, role: fault.role, object: fault.object, method: method,
                message: known?.message ?? fault.message, generation: plugin?.generation, transition: fault.transition,
                time: host.now, transitionTime: transitionTime))
    }
}
