import Foundation

/// Creates a file atomically without ever replacing one: the text goes to a temporary file in the
/// same directory, which is then linked to the file's name — `link(2)` fails when the name exists,
/// where `rename(2)` would replace it — and removed. The file is never seen half written.
enum NewFile {
    /// Why a file was not created.
    enum Failure: Error {
        /// Something is there already (left as it was).
        case exists
        /// The system's reason (`Permission denied`, …).
        case system(String)
    }

    static func create(atPath path: String, contents: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .system(reason)
            }
            written += count
        }
        guard close(descriptor) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard link(temporary, path) == 0 else {
            throw errno == EEXIST ? .exists : .system(String(cString: strerror(errno)))
        }
    }
}
