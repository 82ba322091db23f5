import Foundation

/// Where the repository's files are, for tests that read them (the shipped plugins, the docs):
/// found from this file's path, `<repository>/Tests/ScrimTestSupport/Repository.swift`.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<repository>/Plugins`, the plugins that ship with Scrim.
    public static let plugins = root.appendingPathComponent("Plugins")
    /// The Lua ports of the seeds' listings that are not shipped plugins (`Tests/seeds`).
    public static let seeds = root.appendingPathComponent("Tests/seeds")
}
