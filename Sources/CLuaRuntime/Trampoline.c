// The C frames between Lua and Swift: the trampoline that calls Swift callbacks and raises their
// errors, the message handlers, and the sandbox's helpers for threads.
#include "CLuaRuntime.h"

#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

// What one call from Lua into a Swift callback is charged, in instructions: a bridge call does
// far more work than one VM instruction, so a loop of them spends the budget by that much.
#define SCRIM_BRIDGE_CALL_COST 64

static int scrim_limit_exceeded(scrim_limits *limits) {
    return limits->budget_spent != SCRIM_SPENT_NONE || limits->memory_exceeded;
}

// Calls the Swift callback stored as upvalue 1 (a light userdata). The callback returns its
// number of results, or SCRIM_RAISE with an error message on top of the stack, which is raised
// here, in C, after the Swift frame is gone. A limit exceeded during the callback (memory, or
// budget the callback charged) is raised here too.
static int scrim_trampoline(lua_State *L) {
    scrim_swift_callback callback = (scrim_swift_callback)lua_touserdata(L, lua_upvalueindex(1));
    scrim_limits *limits = scrim_limits_of(L);
    limits->running = L;
    scrim_charge(limits, SCRIM_BRIDGE_CALL_COST);
    limits->swift_frames += 1;
    int results = callback(L);
    limits->swift_frames -= 1;
    limits->running = L;
    if (results == SCRIM_RAISE_AS_IS) return lua_error(L);
    if (results == SCRIM_RAISE) {
        // Prefix the message with the caller's position ("plugin.lua:12: "), as luaL_error does.
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    if (limits->swift_frames == 0) {
        if (limits->memory_exceeded) {
            return luaL_error(L, "memory limit exceeded (%I bytes)", (lua_Integer)limits->memory_limit);
        }
        if (limits->budget_spent != SCRIM_SPENT_NONE) return scrim_raise_budget(L);
    }
    return results;
}

void scrim_push_swift_function(lua_State *L, scrim_swift_callback callback, int upvalues) {
    lua_pushlightuserdata(L, (void *)callback);
    lua_rotate(L, -(upvalues + 1), 1);
    lua_pushcclosure(L, scrim_trampoline, upvalues + 1);
}

int scrim_callback_upvalue(int i) { return lua_upvalueindex(i + 1); }

// The message handler of every call into Lua: the message with a traceback (luaL_traceback,
// which does not need the debug library). Non-string errors use __tostring or their type — but
// not once a limit is exceeded: Lua runs a handler called from the budget hook with hooks off,
// so a looping __tostring could not be stopped.
static int scrim_message_handler(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        if (!scrim_limit_exceeded(scrim_limits_of(L)) && luaL_callmeta(L, 1, "__tostring") &&
            lua_type(L, -1) == LUA_TSTRING) {
            message = lua_tostring(L, -1);
        } else {
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

void scrim_push_message_handler(lua_State *L) { lua_pushcfunction(L, scrim_message_handler); }

// A plugin's xpcall message handler, guarded (upvalue 1): called as long as no limit is
// exceeded; after that the error passes through unchanged, because Lua would run the handler
// from inside the budget hook, where no hook can stop it.
static int scrim_guarded_handler(lua_State *L) {
    if (scrim_limit_exceeded(scrim_limits_of(L))) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Lua-callable: wraps the function given as argument 1 in the guard above.
static int scrim_guard_handler(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushcclosure(L, scrim_guarded_handler, 1);
    return 1;
}

void scrim_push_guard_handler(lua_State *L) { lua_pushcfunction(L, scrim_guard_handler); }

// Lua-callable: installs the budget hook on the thread given as argument 1 and marks it as the
// running one (the sandbox's coroutine.resume calls it just before resuming), so a coroutine
// created before the call is budgeted too. Returns whether a limit is already exceeded.
static int scrim_hook_thread(lua_State *L) {
    lua_State *thread = lua_tothread(L, 1);
    if (thread != NULL) {
        scrim_install_budget_hook(thread);
        scrim_limits_of(L)->running = thread;
    }
    return 0;
}

void scrim_push_hook_thread(lua_State *L) { lua_pushcfunction(L, scrim_hook_thread); }

// Lua-callable: marks the calling thread as the running one again and returns whether a limit
// is exceeded, followed by its arguments (the sandbox's coroutine.resume passes the results of
// the resume through it, and marks a coroutine stopped by a limit as not closable).
static int scrim_enter_thread(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    limits->running = L;
    lua_pushboolean(L, scrim_limit_exceeded(limits));
    lua_insert(L, 1);
    return lua_gettop(L);
}

void scrim_push_enter_thread(lua_State *L) { lua_pushcfunction(L, scrim_enter_thread); }

// Opens the standard libraries and bounds the functions whose work the VM does not count.
static int scrim_open_libraries(lua_State *L) {
    luaL_openlibs(L);
    lua_getglobal(L, "string");
    scrim_bound_string_library(L);
    lua_pop(L, 1);
    lua_getglobal(L, "table");
    scrim_bound_table_library(L);
    lua_pop(L, 1);
    return 0;
}

void scrim_push_open_libraries(lua_State *L) { lua_pushcfunction(L, scrim_open_libraries); }
