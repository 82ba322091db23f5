/// A preview page that could not be written: where, and the system's reason.
package struct PreviewWriteError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String { "cannot write \(path): \(reason)" }
}
