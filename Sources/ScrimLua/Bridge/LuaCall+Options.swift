import CLua
import ScrimCore

/// Role options between Swift and Lua: pushed as Lua values, and read back from the tables a
/// plugin returns (or a scene file).
extension LuaCall {
    /// Pushes a role option as a Lua value (geometry, colors and transforms with their metatables).
    func push(_ options: RoleOptions) {
        lua_createtable(L, 0, Int32(options.count))
        for (key, value) in options {
            push(value)
            lua_setfield(L, -2, key)
        }
    }

    func push(_ value: OptionValue) {
        switch value {
        case .number(let number): push(number)
        case .string(let text): push(text)
        case .bool(let flag): push(flag)
        case .point(let point): push(point)
        case .size(let size): push(size)
        case .rect(let rect): push(rect)
        case .color(let color): push(color)
        case .transform(let transform): push(transform)
        case .array(let values):
            lua_createtable(L, Int32(values.count), 0)
            for (index, element) in values.enumerated() {
                push(element)
                lua_rawseti(L, -2, lua_Integer(index + 1))
            }
        case .table(let table): push(table)
        }
    }

    /// A table of options read back into Swift values (numbers, strings, booleans, geometry and
    /// colors by exactly their fields as JSON's are, nested tables and arrays).
    func options(_ index: Int32) throws -> RoleOptions {
        guard type(index) == LUA_TTABLE else { return [:] }
        return try members(of: index, depth: 0).table
    }

    func optionValue(_ index: Int32, depth: Int = 0) throws -> OptionValue {
        guard depth < 16 else { throw LuaCallError("options nest too deeply") }
        let absolute = lua_absindex(L, index)
        switch type(absolute) {
        case LUA_TNUMBER: return .number(scrim_lua_tonumber(L, absolute))
        case LUA_TBOOLEAN: return .bool(bool(absolute))
        case LUA_TSTRING: return .string(String(cString: scrim_lua_tostring(L, absolute)))
        case LUA_TTABLE:
            let (table, array) = try members(of: absolute, depth: depth)
            if array.isEmpty, let geometry = OptionValue(fields: table) { return geometry }
            return table.isEmpty && !array.isEmpty ? .array(array) : .table(table)
        default:
            throw LuaCallError("options can hold numbers, strings, booleans and tables, not \(typeName(absolute))")
        }
    }

    /// The string-keyed members and the items of the table at `index` (at `depth`), as options.
    private func members(of index: Int32, depth: Int) throws -> (table: [String: OptionValue], array: [OptionValue]) {
        let absolute = lua_absindex(L, index)
        var table: [String: OptionValue] = [:]
        var array: [OptionValue] = []
        lua_pushnil(L)
        while lua_next(L, absolute) != 0 {
            if lua_type(L, -2) == LUA_TSTRING {
                table[String(cString: scrim_lua_tostring(L, -2))] = try optionValue(-1, depth: depth + 1)
            } else if lua_type(L, -2) == LUA_TNUMBER {
                array.append(try optionValue(-1, depth: depth + 1))
            }
            pop()
        }
        return (table, array)
    }
}
