/// Why `FileContents.read(atPath:)` refused a file.
package enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing
    /// A directory, a FIFO, a device, a socket: what it is.
    case notRegularFile(kind: String)
    /// Larger than the bound, in MiB.
    case tooLarge(limitMiB: Int)
    /// `open` or `read` failed: the system's reason.
    case unreadable(String)

    package var description: String {
        switch self {
        case .missing: "no such file"
        case .notRegularFile(let kind): "not a regular file (\(kind))"
        case .tooLarge(let limit): "larger than \(limit) MiB"
        case .unreadable(let reason): reason
        }
    }
}
