import ScrimHost
package import ScrimJSON

/// Reads a message's `params` (or an object inside them) field by field: every error is a -32602
/// naming the field (`params.location.x: expected a number, got a string`).
package typealias Params = FieldReader<JSONValue, ResponseError>

extension FieldReader where Value == JSONValue, Failure == ResponseError {
    /// The params of a message: absent means `{}`, and so does an empty array (no positional
    /// params: Lua clients such as Neovim 0.7 encode an empty table `{}` as `[]`); any other array
    /// is refused (every method takes named params).
    package init(_ value: JSONValue?, path: String = "params") throws(ResponseError) {
        switch value {
        case nil, .null?, .array([])?: self.init(members: [:], path: path)
        case let value?: try self.init(value: value, path: path)
        }
    }
}
