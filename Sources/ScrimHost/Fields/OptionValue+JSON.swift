import ScrimCore
package import ScrimJSON

extension OptionValue {
    /// How deeply role options may nest, counting the options object: as deeply as a Lua plugin's
    /// may (`LuaCall.optionValue`), which bounds the Lua stack that pushing them to a plugin takes.
    package static let maximumLevels = 16

    /// JSON as option values: the one conversion for scenes, interaction scripts and the protocol
    /// (Docs/Protocol.md, "Options"). An object whose members are exactly the fields of a rect,
    /// point, size or color becomes one (`OptionValue(fields:)`), as a Lua table does; other
    /// objects become tables, with `null` members left out (as if absent); arrays stay arrays (a
    /// color `[r, g, b, a]` stays an array of four numbers).
    ///
    /// - Throws: `FieldError` at the path of a `null` in an array (or of `json` itself when it is
    ///   `null`): no option or field takes one.
    package init(json: JSONValue, path: String) throws(FieldError) {
        switch json {
        case .null: throw FieldError(path, "expected a value, got null")
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items):
            var values: [OptionValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try OptionValue(json: item, path: "\(path)[\(index)]")) }
            self = .array(values)
        case .object(let object):
            var table: [String: OptionValue] = [:]
            for (key, value) in object where !value.isNull { table[key] = try OptionValue(json: value, path: "\(path).\(key)") }
            self = OptionValue(fields: table) ?? .table(table)
        }
    }

    /// How many levels the value nests: 1 for a number, string, boolean, geometry, color or
    /// transform; for an array or table, one more than its deepest item.
    package var levels: Int {
        switch self {
        case .array(let items): 1 + (items.lazy.map(\.levels).max() ?? 0)
        case .table(let table): 1 + (table.values.lazy.map(\.levels).max() ?? 0)
        default: 1
        }
    }
}
