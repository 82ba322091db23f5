import CLua

/// Facts about the Lua library Scrim was built against.
package enum LuaRuntimeInfo {
    /// `LUA_VERSION_NUM` of the headers (504 for Lua 5.4).
    package static var versionNumber: Int { Int(scrim_lua_version_num()) }

    /// The release string of the headers, such as "Lua 5.4".
    package static var version: String { String(cString: scrim_lua_version_string()) }
}
