/// The version of Scrim, reported by `scrim --version` and the server's `serverInfo`.
public enum ScrimVersion {
    public static let current = "0.1.0"
}
