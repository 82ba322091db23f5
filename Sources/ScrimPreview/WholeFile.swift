import Foundation

/// Writes a file whole or not at all: to a temporary file beside it first, renamed to its name
/// once written (an existing file is replaced). A reader never sees half a file. Pages, exported
/// Swift files and rendered GIFs are written so.
package enum WholeFile {
    /// Writes `data` to `url`.
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
