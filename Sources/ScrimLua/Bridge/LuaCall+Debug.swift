import CLua

/// What Lua's debug interface says about the calling code and about functions (reading it runs
/// no Lua code and never raises).
extension LuaCall {
    /// The chunk name of the Lua code that called the current Swift function (a plugin's path).
    func callerSource() -> String? {
        var record = lua_Debug()
        guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "S", &record) != 0, let source = record.source else {
            return nil
        }
        let text = String(cString: source)
        return text.hasPrefix("@") ? String(text.dropFirst()) : text
    }

    /// The line of the Lua code that called the current Swift function (nil if unknown).
    func currentLine() -> Int? {
        var record = lua_Debug()
        guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "l", &record) != 0, record.currentline > 0 else {
            return nil
        }
        return Int(record.currentline)
    }

    /// The line where the Lua function at `index` is defined (nil for another value, a C
    /// function or a main chunk).
    func lineDefined(_ index: Int32) -> Int? {
        guard type(index) == LUA_TFUNCTION else { return nil }
        lua_pushvalue(L, index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else { return nil }
        return Int(record.linedefined)
    }
}
