#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Files that are no regular files (Docs/Reliability.md, *Special files*), for the tests that give
/// them to every reader: the plugin loader, scenes, interaction files, previews, `scrim run`.
public enum SpecialFiles {
    /// The special files, by kind, with the error each gets.
    public static let kinds: [(name: String, error: String)] = [
        ("fifo", "not a regular file (a FIFO)"),
        ("zero", "not a regular file (a character device)"),
        ("dir", "not a regular file (a directory)"),
        ("big", "larger than 8 MiB"),
    ]

    /// A directory holding `fifo`, `zero` (→ /dev/zero), `dir` and `big` (8 MiB + 1, sparse), each
    /// with the extension `ext`.
    public static func make(_ ext: String) throws -> URL {
        let directory = try temporaryDirectory()
        let path = { (name: String) in directory.appendingPathComponent("\(name).\(ext)").path }
        guard mkfifo(path("fifo"), 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        try FileManager.default.createSymbolicLink(atPath: path("zero"), withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: false)
        guard FileManager.default.createFile(atPath: path("big"), contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path("big")))
        try handle.truncate(atOffset: UInt64(8 * 1024 * 1024 + 1))
        try handle.close()
        return directory
    }
}
