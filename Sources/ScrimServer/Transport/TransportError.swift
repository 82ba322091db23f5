/// A transport that cannot be set up: a malformed or non-loopback `--listen` address, a port in use.
package struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the user.
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
