/// Why a text is not valid JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset of the problem in the input.
    public let offset: Int
    /// What is wrong, naming the offset: `unexpected character '}' at byte 17, expected a value`.
    public let message: String
    /// Whether the text was refused for nesting deeper than the parser allows (at `offset`)
    /// rather than for its syntax: what follows is unread, and the text may be valid JSON.
    public let isTooDeep: Bool

    public init(offset: Int, message: String, isTooDeep: Bool = false) {
        self.offset = offset
        self.message = message
        self.isTooDeep = isTooDeep
    }

    public var description: String { message }
}
