/// A transport that cannot be set up: a malformed or non-loopback `--listen` address, a port in use.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the user.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
