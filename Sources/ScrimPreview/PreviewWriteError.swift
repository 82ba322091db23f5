/// A file (a preview page, an export, a render) that could not be written: where, and the
/// system's reason.
package struct PreviewWriteError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String { "cannot write \(path): \(reason)" }
}
