/// Why the live preview's server could not start: the address and the system's words.
package struct PreviewServerError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
