import ScrimCore
package import ScrimJSON

extension OptionValue {
    /// A scene's (or an interaction script's) JSON as option values, to be read like a scene
    /// written in Lua: objects become tables (a `null` member is left out, as if absent), arrays
    /// stay arrays, numbers become numbers.
    ///
    /// - Throws: `SceneError` at `path` for a `null` inside an array, which no field of a scene
    ///   or a script accepts.
    package init(sceneJSON json: JSONValue, path: String) throws(SceneError) {
        switch json {
        case .null: throw SceneError(path, "expected a value, got null")
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items):
            var values: [OptionValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try OptionValue(sceneJSON: item, path: "\(path)[\(index)]")) }
            self = .array(values)
        case .object(let object):
            var table: [String: OptionValue] = [:]
            for (key, value) in object where !value.isNull { table[key] = try OptionValue(sceneJSON: value, path: "\(path).\(key)") }
            self = .table(table)
        }
    }
}
