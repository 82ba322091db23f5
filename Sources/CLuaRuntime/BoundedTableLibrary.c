// Bounded versions of table.insert, table.remove, table.move, table.unpack, table.concat and
// table.sort.
//
// Each loops in C over a range a plugin chooses (through arguments or a __len metamethod), so
// one call could be the whole hang: table.move({}, 1, 1e15, 2) runs for days without a single VM
// instruction. These versions follow ltablib.c (Lua 5.4, MIT licence, Lua.org, PUC-Rio) and charge
// the range to the running call's budget before they walk it.
#include "CLuaRuntime.h"

#include <limits.h>
#include <lua5.4/lauxlib.h>
#include <string.h>

#define TAB_R 1   // read
#define TAB_W 2   // write
#define TAB_L 4   // length
#define TAB_RW (TAB_R | TAB_W)


// Charges walking `count` elements (negative: nothing); raises when the budget is spent.
static void charge_range(lua_State *L, lua_Integer count) {
    if (count > 0 && scrim_charge(scrim_limits_of(L), (long long)count)) scrim_raise_budget(L);
}

static int check_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

// A table, or an object whose metatable gives what `what` needs.
static void check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    if (lua_getmetatable(L, arg) && (!(what & TAB_R) || check_field(L, "__index", ++n)) &&
        (!(what & TAB_W) || check_field(L, "__newindex", ++n)) && (!(what & TAB_L) || check_field(L, "__len", ++n))) {
        lua_pop(L, n);
    } else {
        luaL_checktype(L, arg, LUA_TTABLE);
    }
}

static lua_Integer length_of(lua_State *L, int arg, int what) {
    check_table(L, arg, what | TAB_L);
    return luaL_len(L, arg);
}

static int table_insert(lua_State *L) {
    lua_Integer e = length_of(L, 1, TAB_RW);
    e = (lua_Integer)((lua_Unsigned)e + 1u);  // the first empty element
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        charge_range(L, e - pos);
        for (lua_Integer i = e; i > pos; i--) {  // move up the elements
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int table_remove(lua_State *L) {
    lua_Integer size = length_of(L, 1, TAB_RW);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, pos);  // the result
    charge_range(L, size - pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;  // the destination table
    check_table(L, 1, TAB_R);
    check_table(L, tt, TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        charge_range(L, n);
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (at index %I) in table for 'concat'", (lua_Integer)i);
    luaL_addvalue(b);
}

static int table_concat(lua_State *L) {
    lua_Integer last = length_of(L, 1, TAB_R);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    if (last >= i) charge_range(L, (lua_Integer)((lua_Unsigned)last - (lua_Unsigned)i) + 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        add_field(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) add_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int table_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;  // number of elements minus 1
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    charge_range(L, (lua_Integer)n);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

// table.sort keeps Lua's own algorithm (upvalue 1), charged n·log2(n) comparisons first. The
// arguments are checked here, so errors name 'sort' as Lua's own do.
static int table_sort(lua_State *L) {
    lua_Integer n = length_of(L, 1, TAB_RW);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_Integer log = 0;
        for (lua_Integer k = n; k > 1; k >>= 1) log++;
        charge_range(L, n * log);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (lua_pcall(L, lua_gettop(L) - 1, 0, 0) != LUA_OK) {
        // Lua's sort raises this one with its caller's position, which is this function now:
        // put the plugin's position back.
        const char *message = lua_tostring(L, -1);
        if (message != NULL && strcmp(message, "invalid order function for sorting") == 0) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return 0;
}

void scrim_bound_table_library(lua_State *L) {
    static const luaL_Reg bounded[] = {
        {"insert", table_insert}, {"remove", table_remove}, {"move", table_move},
        {"concat", table_concat}, {"unpack", table_unpack}, {NULL, NULL},
    };
    luaL_setfuncs(L, bounded, 0);
    lua_getfield(L, -1, "sort");
    lua_pushcclosure(L, table_sort, 1);
    lua_setfield(L, -2, "sort");
}
