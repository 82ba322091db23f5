import Foundation
import ScrimCore
import ScrimHost

/// The `transitioningDelegate` param of `scrim/present` and `scrim/dismiss` (Docs/Protocol.md,
/// "scrim/present"): a string names a delegate-role plugin; `{ animator?, interaction?,
/// presentation?, options? }` builds a delegate vending the named roles (`options` go to each
/// `new`; `"percent"` is the plain percent-driven interaction that `scrim/interaction` drives).
@MainActor
enum DelegateParams {
    static func delegate(
        _ params: Params, key: String = "transitioningDelegate", in session: Session
    ) throws(ResponseError) -> (any TransitioningDelegate)? {
        guard let value = params.value(key) else { return nil }
        let host = session.host
        switch value {
        case .string(let name):
            do {
                return try host.delegate(named: name)
            } catch {
                throw failure(error, plugin: name, field: params.field(key), in: session)
            }
        case .object:
            let spec = try params.nested(key)
            let animator = try spec.optionalString("animator")
            let interaction = try spec.optionalString("interaction")
            let presentation = try spec.optionalString("presentation")
            let options = spec.contains("options") ? try spec.options("options") : [:]
            do {
                return try host.delegate(animator: animator, interaction: interaction, presentation: presentation, options: options)
            } catch {
                let name: String? = switch error {
                case .unknownRole(_, let name, _): name
                default: nil
                }
                throw failure(error, plugin: name, field: spec.path, in: session)
            }
        default:
            throw .invalidParams(params.field(key), "expected a plugin name or { animator?, interaction?, presentation?, options? }, got \(value.typeNameWithArticle)")
        }
    }

    /// Why the role named `plugin` could not be made (Docs/Protocol.md, "Errors"), by the plugin
    /// names the host lists: 1003 when no loaded plugin has that name, or the plugin of that name
    /// does not play the role (naming the roles it plays); 1004 when no plugin is loaded under that
    /// name but a plugin file that would load as it (its default name, the file's stem) failed to
    /// load, with that file's first error; 1004 when making the instance failed; -32602 otherwise.
    private static func failure(_ error: any Error, plugin: String?, field: String, in session: Session) -> ResponseError {
        guard let hostError = error as? HostError else {
            return ResponseError(.pluginError, "\(field): \(error)")
        }
        guard case .unknownRole(let kind, _, _) = hostError, let plugin else { return .invalidParams(field, hostError.description) }
        let host = session.host
        if let loaded = host.plugins.first(where: { $0.name == plugin }) {
            let article = kind == .animator || kind == .interaction ? "an" : "a"
            let roles = loaded.roles.map(\.rawValue).joined(separator: ", ")
            return ResponseError(
                .pluginNotFound, "\(field): plugin '\(plugin)' (\(loaded.path)) is not \(article) \(kind.rawValue); it plays: \(roles)")
        }
        let loadedPaths = Set(host.plugins.map(\.path))
        if let (path, diagnostics) = host.scriptDiagnostics.first(where: { path, list in
            !loadedPaths.contains(path) && URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent == plugin
                && list.contains { $0.severity == .error }
        }), let first = diagnostics.first(where: { $0.severity == .error }) {
            return ResponseError(
                .pluginError, "\(field): plugin '\(plugin)' failed to load: \(first)",
                data: session.uri(forPath: path).map { ["uri": .string($0)] })
        }
        return ResponseError(.pluginNotFound, "\(field): \(hostError)")
    }
}
