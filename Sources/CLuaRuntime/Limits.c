// The limits of a Lua state: the allocator (memory cap), the instruction budget and the time
// limit, and the charge that lets work done outside the VM spend the budget too.
#include "CLuaRuntime.h"

#include <lua5.4/lauxlib.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

// One instruction of budget per this many bytes a call allocates: building a large string or
// table is work the VM counts as one instruction (`..`, string.rep), so it is charged here.
#define SCRIM_BYTES_PER_INSTRUCTION 64

// What all states hold, for leak checks.
static _Atomic long long scrim_total_bytes = 0;

long long scrim_lua_bytes_in_use(void) { return atomic_load(&scrim_total_bytes); }

scrim_limits *scrim_limits_of(lua_State *L) { return *(scrim_limits **)lua_getextraspace(L); }

void *scrim_owner(lua_State *L) { return scrim_limits_of(L)->owner; }

long long scrim_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

void scrim_begin_budget(scrim_limits *limits) {
    limits->instructions = 0;
    limits->budget_spent = SCRIM_SPENT_NONE;
    limits->started_ns = limits->time_limit_ns > 0 ? scrim_monotonic_ns() : 0;
    limits->budget_error_where[0] = 0;
}

const char *scrim_budget_message(scrim_limits *limits, char *buffer, size_t size) {
    if (limits->budget_spent == SCRIM_SPENT_TIME) {
        snprintf(buffer, size, "time limit exceeded (%lld ms); the call was stopped",
                 limits->time_limit_ns / 1000000LL);
    } else {
        snprintf(buffer, size, "instruction budget exceeded (%lld instructions); the call was stopped",
                 limits->instruction_budget);
    }
    return buffer;
}

static void scrim_budget_hook(lua_State *L, lua_Debug *ar);

// "chunk:line:" of the innermost Lua frame of the running thread, or "" (lua_getinfo with "Sl"
// does not allocate, so this is safe from the allocator).
static void scrim_note_position(scrim_limits *limits, char *where, size_t size) {
    where[0] = 0;
    if (limits->running == NULL) return;
    lua_Debug ar;
    for (int level = 0; lua_getstack(limits->running, level, &ar); level++) {
        if (lua_getinfo(limits->running, "Sl", &ar) && ar.currentline > 0) {
            snprintf(where, size, "%s:%d:", ar.short_src, ar.currentline);
            return;
        }
    }
}

// Marks the budget spent, notes where, and makes the running thread's next instruction raise.
static void scrim_spend(scrim_limits *limits, int reason) {
    if (limits->budget_spent != SCRIM_SPENT_NONE) return;
    limits->budget_spent = reason;
    scrim_note_position(limits, limits->budget_error_where, sizeof limits->budget_error_where);
    // lua_sethook may be called at any moment (lua.c calls it from a signal handler).
    if (limits->running != NULL) lua_sethook(limits->running, scrim_budget_hook, LUA_MASKCOUNT, 1);
}

// Checks both limits against what has been spent; `check_clock` reads the clock (not done for
// every allocation).
static int scrim_check_budget(scrim_limits *limits, int check_clock) {
    if (limits->budget_spent != SCRIM_SPENT_NONE) return 1;
    if (limits->instruction_budget > 0 && limits->instructions > limits->instruction_budget) {
        scrim_spend(limits, SCRIM_SPENT_INSTRUCTIONS);
    } else if (check_clock && limits->time_limit_ns > 0 &&
               scrim_monotonic_ns() - limits->started_ns > limits->time_limit_ns) {
        scrim_spend(limits, SCRIM_SPENT_TIME);
    }
    return limits->budget_spent != SCRIM_SPENT_NONE;
}

int scrim_charge(scrim_limits *limits, long long work) {
    if (limits->call_depth == 0) return 0;
    if (work > 0) {
        long long room = (long long)1 << 62;
        limits->instructions += work < room - limits->instructions ? work : room - limits->instructions;
    }
    return scrim_check_budget(limits, 1);
}

// Notes where the running Lua code is when the first allocation is refused: Lua raises memory
// errors without calling the message handler, so this is the only moment the position is known.
static void scrim_note_memory_error_position(scrim_limits *limits) {
    if (limits->memory_error_where[0] != 0) return;
    scrim_note_position(limits, limits->memory_error_where, sizeof limits->memory_error_where);
}

// The allocator: refuses growth past the memory limit while Lua code runs inside a host call
// (Lua then raises its memory error). Outside calls, and while a Swift callback runs, it never
// fails — a failure would raise from a Lua API call made by Swift, reaching lua_atpanic — and an
// overrun during a callback is raised by the trampoline on return. Shrinking never fails, as Lua
// requires. Growth inside a call is charged to the instruction budget.
static void *scrim_allocator(void *ud, void *ptr, size_t osize, size_t nsize) {
    scrim_limits *limits = (scrim_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        limits->memory_used -= old;
        atomic_fetch_sub(&scrim_total_bytes, (long long)old);
        return NULL;
    }
    if (nsize > old && limits->memory_limit > 0 && limits->call_depth > 0 && limits->swift_frames == 0) {
        if (limits->memory_exceeded ||
            limits->memory_used + limits->host_objects_used - old + nsize > limits->memory_limit) {
            limits->memory_exceeded = 1;
            scrim_note_memory_error_position(limits);
            return NULL;
        }
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    limits->memory_used = limits->memory_used - old + nsize;
    atomic_fetch_add(&scrim_total_bytes, (long long)nsize - (long long)old);
    if (limits->memory_limit > 0 && limits->memory_used > limits->memory_limit) limits->memory_exceeded = 1;
    if (nsize > old && limits->call_depth > 0) {
        limits->instructions += (long long)((nsize - old) / SCRIM_BYTES_PER_INSTRUCTION);
        scrim_check_budget(limits, 0);
    }
    return block;
}

// Reached only if a Lua error escapes every pcall, which the host never allows: stop loudly
// rather than continue in an undefined state.
static int scrim_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "scrim: unprotected Lua error (a bug in Scrim): %s\n", message ? message : "?");
    abort();
}

lua_State *scrim_newstate(scrim_limits *limits) {
    lua_State *L = lua_newstate(scrim_allocator, limits);
    if (L == NULL) return NULL;
    *(scrim_limits **)lua_getextraspace(L) = limits;
    lua_atpanic(L, scrim_panic);
    return L;
}

// The budget hook. Once the budget is spent it raises at every instruction until the host's
// call returns, so a plugin's pcall cannot swallow it for long: the first instruction after the
// pcall raises again. (Lua runs message handlers and finalizers with hooks off: the sandbox's
// xpcall does not call a plugin's handler once a limit is exceeded, and __gc is refused.)
static void scrim_budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    scrim_limits *limits = scrim_limits_of(L);
    if (limits == NULL) return;
    limits->running = L;
    if (limits->budget_spent == SCRIM_SPENT_NONE) {
        limits->instructions += lua_gethookcount(L);
        scrim_check_budget(limits, 1);
    }
    if (limits->budget_spent != SCRIM_SPENT_NONE) {
        lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, 1);
        scrim_raise_budget(L);
    }
}

int scrim_raise_budget(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    char message[128];
    scrim_budget_message(limits, message, sizeof message);
    if (limits->budget_error_where[0] != 0) lua_pushfstring(L, "%s %s", limits->budget_error_where, message);
    else lua_pushstring(L, message);
    return lua_error(L);
}

void scrim_install_budget_hook(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    // Neither a budget nor a time limit: no hook at all (nothing to count).
    if (limits != NULL && limits->instruction_budget <= 0 && limits->time_limit_ns <= 0) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    int step = (limits != NULL && limits->budget_spent != SCRIM_SPENT_NONE) ? 1 : SCRIM_HOOK_STEP;
    lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, step);
}
