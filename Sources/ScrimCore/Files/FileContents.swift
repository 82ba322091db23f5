import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads every file Scrim reads on a client's or a plugin's behalf (plugins, `require`d modules,
/// scenes, interaction files, preview targets): opened non-blocking (a FIFO never blocks), refused
/// unless it is a regular file, refused above `maximumSize`, and read with that bound
/// (Docs/Reliability.md). With `open`/`read`: `FileManager.contents(atPath:)` leaks a 4 KiB buffer
/// for every empty file it reads, and these files may well be empty.
package enum FileContents {
    /// The largest file read: 8 MiB.
    package static let maximumSize = 8 * 1024 * 1024

    /// The bytes of the regular file at `path` (symbolic links followed).
    ///
    /// - Throws: `FileReadError`: missing, not a regular file, larger than `maximumSize`, or
    ///   unreadable (with the system's reason).
    package static func read(atPath path: String) throws(FileReadError) -> Data {
        let descriptor = try openRegularFile(atPath: path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(reason(errno)) }
            if count == 0 { break }
            // The file may have grown since `fstat`.
            guard bytes.count + count <= maximumSize else { throw .tooLarge(limitMiB: maximumSize >> 20) }
            bytes += chunk[0..<count]
        }
        return Data(bytes)
    }

    /// Checks that `path` is a regular file Scrim would read, without reading it.
    ///
    /// - Throws: `FileReadError`, as `read(atPath:)`.
    package static func check(atPath path: String) throws(FileReadError) {
        close(try openRegularFile(atPath: path))
    }

    /// A descriptor of the regular file at `path` no larger than `maximumSize`.
    private static func openRegularFile(atPath path: String) throws(FileReadError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .unreadable(reason(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let failure = FileReadError.unreadable(reason(errno))
            close(descriptor)
            throw failure
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            throw .notRegularFile(kind: name(ofKind: kind))
        }
        guard status.st_size <= maximumSize else {
            close(descriptor)
            throw .tooLarge(limitMiB: maximumSize >> 20)
        }
        return descriptor
    }

    private static func name(ofKind kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
