package import ScrimJSON
/// A request's `id`: an integer or a string (JSON-RPC 2.0; LSP allows both).
package enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    /// The id of a JSON value, or nil when the value is not a valid id.
    package init?(_ value: JSONValue) {
        switch value {
        case .int(let number): self = .int(number)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    package var json: JSONValue {
        switch self {
        case .int(let number): .int(number)
        case .string(let text): .string(text)
        }
    }

    package var description: String {
        switch self {
        case .int(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}
