/// A Lua chunk or call that failed. Messages keep Lua's `chunk:line:` prefix; `traceback` is the
/// stack at the error (innermost first) where there is one.
public struct LuaError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The source does not compile.
        case syntax
        /// An error raised while running.
        case runtime
        /// The memory cap of the state was reached.
        case memory
        /// The instruction budget of the call was used up.
        case budget
        /// Bytecode was given where only text is accepted.
        case binaryChunk
        /// The state could not be created.
        case setup
    }

    public let kind: Kind
    public let message: String
    public let traceback: String?

    public init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    public var description: String { message }
}
