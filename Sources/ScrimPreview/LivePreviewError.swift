import ScrimPlayback

/// Why a live preview did not start, in words a user can act on.
package enum LivePreviewError: Error, CustomStringConvertible {
    /// The first play failed (not a load error: a plugin that does not load is served under its
    /// diagnostic).
    case cannotPlay(PlaybackError)
    /// The plugin directories could not be watched.
    case cannotWatch(String)
    /// The server could not listen.
    case cannotListen(String)

    package var description: String {
        switch self {
        case .cannotPlay(let error): "\(error)"
        case .cannotWatch(let reason): reason
        case .cannotListen(let reason): "--serve: cannot listen on \(reason)"
        }
    }
}
