// CLuaRuntime: the C half of ScrimLua's Lua runtime — the limits of a state (allocator,
// instruction budget, time limit), the trampoline that lets Swift callbacks raise Lua errors
// from C, and bounded versions of the standard functions whose work is not made of VM
// instructions (pattern matching, string.rep, table.insert/remove/move/unpack/concat).
//
// A Lua error raised with lua_error longjmps to the enclosing pcall; doing that from a Swift
// frame would skip Swift's cleanups, so every raise happens here, in C.
#ifndef SCRIM_CLUA_RUNTIME_H
#define SCRIM_CLUA_RUNTIME_H

#include <lua5.4/lua.h>
#include <stddef.h>

// What a Swift callback returns to ask the trampoline to raise the error on top of the stack,
// prefixed with the caller's position (SCRIM_RAISE) or as it is (SCRIM_RAISE_AS_IS: an error that
// already carries its position, from Lua code the callback called).
#define SCRIM_RAISE (-1)
#define SCRIM_RAISE_AS_IS (-2)

// How many VM instructions run between two budget checks.
#define SCRIM_HOOK_STEP 1000

// Why a call's budget is spent.
#define SCRIM_SPENT_NONE 0
#define SCRIM_SPENT_INSTRUCTIONS 1
#define SCRIM_SPENT_TIME 2

// The limits of one Lua state, reached from its allocator (user data) and from every thread
// (through the extra space, which new threads copy from the main one).
typedef struct scrim_limits {
    size_t memory_used;
    size_t host_objects_used;      // bytes charged for Swift objects plugins created and hold
    size_t memory_limit;           // bytes; 0: unlimited (covers both of the above)
    int memory_exceeded;           // sticky until the host's outermost call into Lua returns
    int call_depth;                // host calls into Lua in progress (nested: Lua → Swift → Lua)
    int swift_frames;              // > 0 while a Swift callback runs: allocations never fail then
    long long instructions;        // instructions (and charged work) over the outermost call
    long long instruction_budget;  // per outermost call into Lua; 0: unlimited
    long long time_limit_ns;       // wall-clock time per outermost call; 0: unlimited
    long long started_ns;          // CLOCK_MONOTONIC when the outermost call started
    int budget_spent;              // SCRIM_SPENT_*; sticky until the outermost call returns
    lua_State *running;            // the thread running Lua code now (NULL outside calls)
    char memory_error_where[512];  // "chunk:line:" of the first refused allocation, or ""
    char budget_error_where[512];  // "chunk:line:" where the budget was spent, or ""
    void *owner;                   // the Swift object that runs this state (for callbacks)
} scrim_limits;

// A state with Scrim's allocator and limits, or NULL when out of memory.
lua_State *scrim_newstate(scrim_limits *limits);

// The bytes every state made by scrim_newstate holds now, together (for leak checks).
long long scrim_lua_bytes_in_use(void);

// The limits of a state (or of any of its threads).
scrim_limits *scrim_limits_of(lua_State *L);

// The Swift owner of a state, for callbacks that only receive the lua_State.
void *scrim_owner(lua_State *L);

// CLOCK_MONOTONIC in nanoseconds.
long long scrim_monotonic_ns(void);

// Starts the budget of an outermost call: no instructions spent, the clock started.
void scrim_begin_budget(scrim_limits *limits);

// Installs the budget hook on a thread (the main one, and every coroutine before it resumes).
void scrim_install_budget_hook(lua_State *L);

// Charges `work` instructions' worth of work done outside the VM (by a C library function or a
// Swift callback) to the running call. Returns 1 when the budget is now spent: the next VM
// instruction raises. Never raises itself.
int scrim_charge(scrim_limits *limits, long long work);

// The budget's error message for the reason it was spent ("instruction budget exceeded ...").
const char *scrim_budget_message(scrim_limits *limits, char *buffer, size_t size);

// Raises the budget's error, positioned where it was spent (C frames only).
int scrim_raise_budget(lua_State *L);

// Pushes the C functions the sandbox's prelude receives: the one that hooks a thread before it
// resumes, the one that marks the calling thread as running again, and the one that makes an
// xpcall message handler safe (it is not called once a limit is exceeded).
void scrim_push_hook_thread(lua_State *L);
void scrim_push_enter_thread(lua_State *L);
void scrim_push_guard_handler(lua_State *L);

// Pushes the function that opens the standard libraries (run it through lua_pcall, so a memory
// error cannot panic) and then replaces the unbounded ones with bounded versions.
void scrim_push_open_libraries(lua_State *L);

// Pushes the message handler of every call into Lua: the message with a traceback.
void scrim_push_message_handler(lua_State *L);

// A Swift callback: returns its number of results, or SCRIM_RAISE / SCRIM_RAISE_AS_IS with an
// error message on top of the stack.
typedef int (*scrim_swift_callback)(lua_State *L);

// Pushes a Lua function that calls `callback` through the trampoline; the `upvalues` values on
// top of the stack become its upvalues 2…upvalues+1.
void scrim_push_swift_function(lua_State *L, scrim_swift_callback callback, int upvalues);

// Lua-callable lua_upvalueindex for Swift callbacks: their own upvalues start at 2.
int scrim_callback_upvalue(int i);

// The standard functions replaced by bounded versions (called by scrim_push_open_libraries'
// function; exposed for tests).
void scrim_bound_string_library(lua_State *L);
void scrim_bound_table_library(lua_State *L);

#endif
