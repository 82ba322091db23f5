/// Why a text is not valid JSON, and where.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset of the problem in the input.
    package let offset: Int
    /// What is wrong, naming the offset: `unexpected character '}' at byte 17, expected a value`.
    package let message: String
    /// Whether the text was refused for nesting deeper than the parser allows (at `offset`)
    /// rather than for its syntax: what follows is unread, and the text may be valid JSON.
    package let isTooDeep: Bool

    package init(offset: Int, message: String, isTooDeep: Bool = false) {
        self.offset = offset
        self.message = message
        self.isTooDeep = isTooDeep
    }

    package var description: String { message }
}
