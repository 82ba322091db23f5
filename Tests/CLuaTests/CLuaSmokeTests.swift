import CLua
import Testing

/// The module map links the system's Lua 5.4 and its macro wrappers run real code.
@Suite struct CLuaSmokeTests {
    @Test func runsAChunkThroughPcall() throws {
        let state = try #require(luaL_newstate())
        defer { lua_close(state) }
        luaL_openlibs(state)

        let source = "local t = {} for i = 1, 10 do t[i] = i * i end return table.concat(t, ','), #t"
        #expect(scrim_luaL_loadbufferx(state, source, source.utf8.count, "=smoke", "t") == LUA_OK)
        #expect(scrim_lua_pcall(state, 0, 2, 0) == LUA_OK)
        #expect(String(cString: scrim_lua_tostring(state, -2)) == "1,4,9,16,25,36,49,64,81,100")
        #expect(scrim_lua_tointeger(state, -1) == 10)
        scrim_lua_pop(state, 2)
        #expect(lua_gettop(state) == 0)
    }

    @Test func reportsARuntimeErrorWithoutUnwindingSwift() throws {
        let state = try #require(luaL_newstate())
        defer { lua_close(state) }
        luaL_openlibs(state)

        let source = "error('boom')"
        #expect(scrim_luaL_loadbufferx(state, source, source.utf8.count, "=smoke", "t") == LUA_OK)
        #expect(scrim_lua_pcall(state, 0, 0, 0) == LUA_ERRRUN)
        #expect(String(cString: scrim_lua_tostring(state, -1)) == "smoke:1: boom")
    }

    @Test func headersAreLua54() {
        #expect(scrim_lua_version_num() == 504)
        #expect(lua_version(nil) == 504)
    }
}
