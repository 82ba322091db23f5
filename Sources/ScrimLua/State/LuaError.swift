/// A Lua chunk or call that failed. Messages keep Lua's `chunk:line:` prefix; `traceback` is the
/// stack at the error (innermost first) where there is one.
package struct LuaError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
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

    package let kind: Kind
    package let message: String
    package let traceback: String?

    package init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    package var description: String { message }
}
