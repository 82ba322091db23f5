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
        guard let spec = try DelegateSpec.read(key, from: params) else { return nil }
        do {
            return try session.host.makeDelegate(spec)
        } catch {
            throw failure(error, field: params.field(key), in: session)
        }
    }

    /// Why a role could not be made (Docs/Protocol.md, "Errors"), as the host's error says: 1003
    /// when no loaded plugin has that name, or the plugin of that name does not play the role
    /// (naming the roles it plays); 1004 when the plugin file that would load under that name (its
    /// file name) failed to load, with that file's first error, or when making the instance
    /// failed; -32602 otherwise.
    private static func failure(_ error: any Error, field: String, in session: Session) -> ResponseError {
        guard let hostError = error as? HostError else {
            return ResponseError(.pluginError, "\(field): \(error)")
        }
        switch hostError {
        case .unknownRole, .notARole:
            return ResponseError(.pluginNotFound, "\(field): \(hostError)")
        case .pluginFailedToLoad(_, _, let path, _):
            return ResponseError(
                .pluginError, "\(field): \(hostError)", data: session.uri(forPath: path).map { ["uri": .string($0)] })
        case .constructorFailed, .constructorBadResult:
            return ResponseError(.pluginError, "\(field): \(hostError)")
        case .emptyDelegate, .invalidFrameRate, .luaUnavailable:
            return .invalidParams(field, hostError.description)
        }
    }
}
