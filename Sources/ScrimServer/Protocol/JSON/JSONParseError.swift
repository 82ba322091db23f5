/// Why a text is not valid JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset of the problem in the input.
    public let offset: Int
    /// What is wrong, naming the offset: `unexpected character '}' at byte 17, expected a value`.
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { message }
}
