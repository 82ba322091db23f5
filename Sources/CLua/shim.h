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

// lua_call is a macro over lua_callk (only for use inside a protected C trampoline).
static inline void scrim_lua_call(lua_State *L, int nargs, int nresults) { lua_call(L, nargs, nresults); }

// lua_tostring is a macro over lua_tolstring without a length.
static inline const char *scrim_lua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }

// lua_tonumber / lua_tointeger are macros over the ...x forms without an is-number flag.
static inline lua_Number scrim_lua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline lua_Integer scrim_lua_tointeger(lua_State *L, int idx) { return lua_tointeger(L, idx); }

// lua_newtable is a macro over lua_createtable with no size hints.
static inline void scrim_lua_newtable(lua_State *L) { lua_newtable(L); }

// lua_upvalueindex is a macro computing a pseudo-index.
static inline int scrim_lua_upvalueindex(int i) { return lua_upvalueindex(i); }

// lua_pushcfunction is a macro over lua_pushcclosure with no upvalues.
static inline void scrim_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }

// lua_isnil / lua_isfunction / lua_istable / lua_isnoneornil are type-test macros.
static inline int scrim_lua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
static inline int scrim_lua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }
static inline int scrim_lua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
static inline int scrim_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }

// lua_insert / lua_remove / lua_replace are macros over lua_rotate and lua_copy.
static inline void scrim_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void scrim_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void scrim_lua_replace(lua_State *L, int idx) { lua_replace(L, idx); }

// luaL_loadbuffer is a macro over luaL_loadbufferx with the default mode.
static inline int scrim_luaL_loadbufferx(lua_State *L, const char *buf, size_t size,
                                         const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, size, name, mode);
}

// lua_gc is variadic, which Swift cannot call: a full collection.
static inline int scrim_lua_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }

// LUA_REGISTRYINDEX is a macro expression, not a constant Swift can import.
static inline int scrim_lua_registryindex(void) { return LUA_REGISTRYINDEX; }

// LUA_VERSION is built by string pasting, which Swift does not import.
static inline const char *scrim_lua_version_string(void) { return LUA_VERSION; }

// LUA_VERSION_NUM as a function, so Swift can check the headers it was built against.
static inline int scrim_lua_version_num(void) { return LUA_VERSION_NUM; }

// ---------------------------------------------------------------------------------------------
// Runtime support for ScrimLua: the limits of a state, and the C frames that may raise Lua
// errors on Swift's behalf. A Lua error raised with lua_error longjmps to the enclosing pcall;
// doing that from a Swift frame would skip Swift's cleanups, so every raise happens here, in C.

// What a Swift callback returns to ask the trampoline to raise the error on top of the stack,
// prefixed with the caller's position (SCRIM_RAISE) or as it is (SCRIM_RAISE_AS_IS: an error that
// already carries its position, from Lua code the callback called).
#define SCRIM_RAISE (-1)
#define SCRIM_RAISE_AS_IS (-2)

// How many VM instructions run between two budget checks.
#define SCRIM_HOOK_STEP 1000

// The limits of one Lua state, reached from its allocator (user data) and from every thread
// (through the extra space, which new threads copy from the main one).
typedef struct scrim_limits {
    size_t memory_used;
    size_t memory_limit;           // bytes; 0: unlimited
    int memory_exceeded;           // sticky until the host's outermost call into Lua returns
    int call_depth;                // host calls into Lua in progress (nested: Lua → Swift → Lua)
    int swift_frames;              // > 0 while a Swift callback runs: allocations never fail then
    long long instructions;        // counted in steps of SCRIM_HOOK_STEP, over the outermost call
    long long instruction_budget;  // per outermost call into Lua; 0: unlimited
    int budget_exceeded;           // sticky until the host's outermost call into Lua returns
    lua_State *running;            // the thread running Lua code now (NULL outside calls)
    char memory_error_where[512];  // "chunk:line:" of the first refused allocation, or ""
    void *owner;                   // the Swift object that runs this state (for callbacks)
} scrim_limits;

static inline scrim_limits *scrim_limits_of(lua_State *L) {
    return *(scrim_limits **)lua_getextraspace(L);
}

// Notes where the running Lua code is ("chunk:line:" of the innermost Lua frame) when the
// first allocation is refused: Lua raises memory errors without calling the message handler, so
// this is the only moment the position is known. lua_getinfo with "Sl" does not allocate.
static void scrim_note_memory_error_position(scrim_limits *limits) {
    if (limits->memory_error_where[0] != 0 || limits->running == NULL) return;
    lua_Debug ar;
    for (int level = 0; lua_getstack(limits->running, level, &ar); level++) {
        if (lua_getinfo(limits->running, "Sl", &ar) && ar.currentline > 0) {
            snprintf(limits->memory_error_where, sizeof limits->memory_error_where, "%s:%d:", ar.short_src,
                     ar.currentline);
            return;
        }
    }
}

// The allocator: refuses growth past the memory limit while Lua code runs inside a host call
// (Lua then raises its memory error). Outside calls, and while a Swift callback runs, it never
// fails — a failure would raise from a Lua API call made by Swift, reaching lua_atpanic — and an
// overrun during a callback is raised by the trampoline on return. Shrinking never fails, as Lua
// requires.
static void *scrim_allocator(void *ud, void *ptr, size_t osize, size_t nsize) {
    scrim_limits *limits = (scrim_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        limits->memory_used -= old;
        return NULL;
    }
    if (nsize > old && limits->memory_limit > 0 && limits->call_depth > 0 && limits->swift_frames == 0) {
        if (limits->memory_exceeded || limits->memory_used - old + nsize > limits->memory_limit) {
            limits->memory_exceeded = 1;
            scrim_note_memory_error_position(limits);
            return NULL;
        }
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    limits->memory_used = limits->memory_used - old + nsize;
    if (limits->memory_limit > 0 && limits->memory_used > limits->memory_limit) limits->memory_exceeded = 1;
    return block;
}

// Reached only if a Lua error escapes every pcall, which the host never allows: stop loudly
// rather than continue in an undefined state.
static int scrim_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "scrim: unprotected Lua error (a bug in Scrim): %s\n", message ? message : "?");
    abort();
}

// A state with Scrim's allocator and limits, or NULL when out of memory.
static inline lua_State *scrim_newstate(scrim_limits *limits) {
    lua_State *L = lua_newstate(scrim_allocator, limits);
    if (L == NULL) return NULL;
    *(scrim_limits **)lua_getextraspace(L) = limits;
    lua_atpanic(L, scrim_panic);
    return L;
}

// The instruction budget. Once exceeded it raises at every instruction until the host's call
// returns, so a plugin's pcall cannot swallow it for long: the first instruction after the
// pcall raises again.
static void scrim_budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    scrim_limits *limits = scrim_limits_of(L);
    if (limits == NULL) return;
    limits->running = L;
    if (limits->instruction_budget <= 0) return;
    limits->instructions += lua_gethookcount(L);
    if (limits->budget_exceeded || limits->instructions > limits->instruction_budget) {
        limits->budget_exceeded = 1;
        lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "instruction budget exceeded (%I instructions); the call was stopped",
                   (lua_Integer)limits->instruction_budget);
    }
}

// Installs the budget hook on a thread (the main one, and every coroutine before it resumes).
static inline void scrim_install_budget_hook(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    int step = (limits != NULL && limits->budget_exceeded) ? 1 : SCRIM_HOOK_STEP;
    lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, step);
}

// Lua-callable: installs the budget hook on the thread given as argument 1 and marks it as the
// running one (the sandbox's coroutine.resume calls it just before resuming), so a coroutine
// created before the call is budgeted too.
static int scrim_hook_thread(lua_State *L) {
    lua_State *thread = lua_tothread(L, 1);
    if (thread != NULL) {
        scrim_install_budget_hook(thread);
        scrim_limits_of(L)->running = thread;
    }
    return 0;
}

// Lua-callable: marks the calling thread as the running one again and returns its arguments
// (the sandbox's coroutine.resume passes the results of the resume through it).
static int scrim_enter_thread(lua_State *L) {
    scrim_limits_of(L)->running = L;
    return lua_gettop(L);
}

// The message handler of every call into Lua: the message with a traceback (luaL_traceback,
// which does not need the debug library). Non-string errors use __tostring or their type.
static int scrim_message_handler(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            message = lua_tostring(L, -1);
        } else {
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

// Calls the Swift callback stored as upvalue 1 (a light userdata). The callback returns its
// number of results, or SCRIM_RAISE with an error message on top of the stack, which is raised
// here, in C, after the Swift frame is gone. A memory overrun during the callback is raised
// here too.
typedef int (*scrim_swift_callback)(lua_State *L);

static int scrim_trampoline(lua_State *L) {
    scrim_swift_callback callback = (scrim_swift_callback)lua_touserdata(L, lua_upvalueindex(1));
    scrim_limits *limits = scrim_limits_of(L);
    limits->running = L;
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
    if (limits->memory_exceeded && limits->swift_frames == 0) {
        return luaL_error(L, "memory limit exceeded (%I bytes)", (lua_Integer)limits->memory_limit);
    }
    return results;
}

// Pushes a Lua function that calls `callback` through the trampoline; the `upvalues` values on
// top of the stack become its upvalues 2…upvalues+1.
static inline void scrim_push_swift_function(lua_State *L, scrim_swift_callback callback, int upvalues) {
    lua_pushlightuserdata(L, (void *)callback);
    lua_rotate(L, -(upvalues + 1), 1);
    lua_pushcclosure(L, scrim_trampoline, upvalues + 1);
}

// Opens the standard libraries; run through lua_pcall so a memory error cannot panic.
static int scrim_open_libraries(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}

static inline void scrim_push_open_libraries(lua_State *L) { lua_pushcfunction(L, scrim_open_libraries); }
static inline void scrim_push_message_handler(lua_State *L) { lua_pushcfunction(L, scrim_message_handler); }
static inline void scrim_push_hook_thread(lua_State *L) { lua_pushcfunction(L, scrim_hook_thread); }
static inline void scrim_push_enter_thread(lua_State *L) { lua_pushcfunction(L, scrim_enter_thread); }

// The Swift owner of a state, for callbacks that only receive the lua_State.
static inline void *scrim_owner(lua_State *L) { return scrim_limits_of(L)->owner; }

// lua_newuserdata is a macro over lua_newuserdatauv with one user value.
static inline void *scrim_lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdata(L, size); }

// luaL_getmetatable is a macro over lua_getfield on the registry.
static inline int scrim_luaL_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }

// lua_upvalueindex for Swift callbacks: their own upvalues start at 2 (1 is the callback).
static inline int scrim_callback_upvalue(int i) { return lua_upvalueindex(i + 1); }

#endif
