import ScrimCore

/// How the server names itself in `initialize`'s `serverInfo`.
public enum ServerInfo {
    public static let name = "scrim"
    public static var version: String { ScrimVersion.current }
}
