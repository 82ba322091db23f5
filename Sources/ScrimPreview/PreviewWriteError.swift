import Foundation

/// A preview page (or an exported file) that could not be written: where, and the system's reason.
package struct PreviewWriteError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "cannot write \(path): \(reason)" }

    /// Writes `data` to `url` whole or not at all: to a temporary file beside it first, renamed
    /// to `url` once written (an existing file is replaced).
    package static func write(_ data: Data, to url: URL) throws(PreviewWriteError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw PreviewWriteError(path: url.path, reason: reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw PreviewWriteError(path: url.path, reason: reason)
        }
    }

    /// The system's words for why a file could not be written.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileNoSuchFileError || nsError.code == NSFileWriteNoPermissionError {
            return nsError.code == NSFileNoSuchFileError ? "No such file or directory" : "Permission denied"
        }
        return nsError.localizedDescription
    }
}
