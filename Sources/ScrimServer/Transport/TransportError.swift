/// A transport that cannot be set up (a bad `--listen` address, a port in use).
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
