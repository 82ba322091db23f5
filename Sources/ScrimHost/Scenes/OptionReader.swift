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

    /// The one key of `keys` this object has — its action, as in `{ "time": 0.2, "finish": true }`
    /// — when its other fields are among `allowed(action)`. `noun` names the object in messages:
    /// `one action per step, got "present" and "pan"`, `unknown field; a percent event has …`.
    package func action(among keys: [String], noun: String, allowing allowed: (String) -> [String]) throws(SceneError) -> String {
        let present = keys.filter { contains($0) }
        guard present.count == 1, let action = present.first else {
            throw SceneError(
                path,
                present.isEmpty
                    ? "no action: give one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))"
                    : "one action per \(noun), got \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let fields = allowed(action)
        if let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
            throw SceneError(field(unknown), "unknown field; a \(action) \(noun) has \(fields.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return action
    }
}
