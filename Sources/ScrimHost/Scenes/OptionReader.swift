import ScrimCore
package import ScrimJSON

/// Reads a scene or an interaction script, written in Lua or in JSON, field by field: every error
/// is a `SceneError`.
package typealias OptionReader = FieldReader<OptionValue, SceneError>

extension FieldReader where Value == OptionValue, Failure == SceneError {
    /// A reader of a scene or a script sent or written as JSON, which must be an object: read
    /// as option values (`OptionValue(json:path:)`), as a scene written in Lua is.
    package init(json: JSONValue, path: String) throws(SceneError) {
        let value: OptionValue
        do {
            value = try OptionValue(json: json, path: path)
        } catch {
            throw SceneError(error)
        }
        try self.init(value: value, path: path)
    }
}
