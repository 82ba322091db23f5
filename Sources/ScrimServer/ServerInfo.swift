import ScrimCore

/// How the server names itself in `initialize`'s `serverInfo`.
package enum ServerInfo {
    package static let name = "scrim"
    package static var version: String { ScrimVersion.current }
}
