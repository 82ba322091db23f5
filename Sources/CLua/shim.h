// CLua: Lua 5.4 (Debian's liblua5.4-dev) for Swift.
//
// Lua's C API spells many entry points as function-like macros, which Swift cannot import.
// Each macro Scrim uses gets a `static inline` wrapper here, named after it with a `scrim_`
// prefix, so Swift calls the same code the macro expands to.
#ifndef SCRIM_CLUA_SHIM_H
#define SCRIM_CLUA_SHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#include <stdio.h>
#include <stdlib.h>

// lua_pop is a macro over lua_settop.
static inline void scrim_lua_pop(lua_State *L, int n) { lua_pop(L, n); }

// lua_pcall is a macro over lua_pcallk without a continuation.
static inline int scrim_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

// lua_tostring is a macro over lua_tolstring without a length.
static inline const char *scrim_lua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }

// lua_tonumber / lua_tointeger are macros over the ...x forms without an is-number flag.
static inline lua_Number scrim_lua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline lua_Integer scrim_lua_tointeger(lua_State *L, int idx) { return lua_tointeger(L, idx); }

// lua_newtable is a macro over lua_createtable with no size hints.
static inline void scrim_lua_newtable(lua_State *L) { lua_newtable(L); }

// lua_insert / lua_remove are macros over lua_rotate.
static inline void scrim_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void scrim_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }

// luaL_loadbuffer is a macro over luaL_loadbufferx with the default mode.
static inline int scrim_luaL_loadbufferx(lua_State *L, const char *buf, size_t size,
                                         const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, size, name, mode);
}

// lua_gc is variadic, which Swift cannot call: a full collection.
static inline int scrim_lua_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }

// LUA_REGISTRYINDEX is a macro expression, not a constant Swift can import.
static inline int scrim_lua_registryindex(void) { return LUA_REGISTRYINDEX; }

// LUA_VERSION_NUM as a function, so Swift can check the headers it was built against.
static inline int scrim_lua_version_num(void) { return LUA_VERSION_NUM; }

// lua_newuserdata is a macro over lua_newuserdatauv with one user value.
static inline void *scrim_lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdata(L, size); }

// luaL_getmetatable is a macro over lua_getfield on the registry.
static inline int scrim_luaL_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }

#endif
