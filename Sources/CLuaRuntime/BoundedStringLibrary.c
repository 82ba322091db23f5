// Bounded versions of string.find, string.match, string.gmatch, string.gsub and string.rep.
//
// Lua's pattern matcher backtracks in C, where the instruction budget does not count, so a
// pattern like ("a*"):rep(25) .. "b" against forty a's runs for hours. These versions follow the
// algorithm and the error messages of lstrlib.c (Lua 5.4, MIT licence, Lua.org, PUC-Rio) and
// charge every step of matching (and every byte string.rep copies) to the running call's
// budget: when it is spent they raise the budget's error, like the hook does.
#include "CLuaRuntime.h"

#include <ctype.h>
#include <lua5.4/lauxlib.h>
#include <string.h>

#define SCRIM_MAX_CAPTURES 32
#define SCRIM_MAX_MATCH_DEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define L_ESC '%'
#define SPECIALS "^$*+?.([%-"
// Steps are charged in batches of this many (one charge per batch keeps the matcher fast).
#define SCRIM_MATCH_BATCH 1024

typedef struct match_state {
    const char *src_init;
    const char *src_end;
    const char *p_end;
    lua_State *L;
    int match_depth;
    unsigned char level;
    long long steps;
    struct {
        const char *init;
        ptrdiff_t len;
    } capture[SCRIM_MAX_CAPTURES];
} match_state;


// Charges `work` to the running call; raises when the budget is spent.
static void charge_or_raise(lua_State *L, long long work) {
    if (scrim_charge(scrim_limits_of(L), work)) scrim_raise_budget(L);
}

// Counts one step of matching, charging a batch when it is full.
static inline void step(match_state *ms) {
    if (++ms->steps >= SCRIM_MATCH_BATCH) {
        charge_or_raise(ms->L, ms->steps);
        ms->steps = 0;
    }
}

static const char *match(match_state *ms, const char *s, const char *p);

static int check_capture(match_state *ms, int l) {
    l -= '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == CAP_UNFINISHED)
        return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    return l;
}

static int capture_to_close(match_state *ms) {
    int level = ms->level;
    for (level--; level >= 0; level--)
        if (ms->capture[level].len == CAP_UNFINISHED) return level;
    return luaL_error(ms->L, "invalid pattern capture");
}

static const char *class_end(match_state *ms, const char *p) {
    switch (*p++) {
    case L_ESC:
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do {  // look for a ']'
            if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == L_ESC && p < ms->p_end) p++;  // skip escapes (e.g. '%]')
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

static int match_class(int c, int cl) {
    int res;
    switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = (c == 0); break;  // deprecated, still accepted by Lua 5.4
    default: return cl == c;
    }
    if (isupper(cl)) res = !res;
    return res;
}

// `p` is the '[' of a class and `ec` its closing ']'.
static int match_bracket_class(int c, const char *p, const char *ec) {
    int sig = 1;
    if (*(p + 1) == '^') {
        sig = 0;
        p++;
    }
    while (++p < ec) {
        if (*p == L_ESC) {
            p++;
            if (match_class(c, (unsigned char)*p)) return sig;
        } else if (*(p + 1) == '-' && p + 2 < ec) {
            p += 2;
            if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return sig;
        } else if ((unsigned char)*p == c) {
            return sig;
        }
    }
    return !sig;
}

static int single_match(match_state *ms, const char *s, const char *p, const char *ep) {
    step(ms);
    if (s >= ms->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case L_ESC: return match_class(c, (unsigned char)*(p + 1));
    case '[': return match_bracket_class(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *match_balance(match_state *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    int b = *p;
    int e = *(p + 1);
    int cont = 1;
    while (++s < ms->src_end) {
        step(ms);
        if (*s == e) {
            if (--cont == 0) return s + 1;
        } else if (*s == b) {
            cont++;
        }
    }
    return NULL;
}

static const char *max_expand(match_state *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (single_match(ms, s + i, p, ep)) i++;
    // Try with the maximum repetitions, then fewer.
    while (i >= 0) {
        const char *res = match(ms, s + i, ep + 1);
        if (res) return res;
        i--;
    }
    return NULL;
}

static const char *min_expand(match_state *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *res = match(ms, s, ep + 1);
        if (res != NULL) return res;
        if (single_match(ms, s, p, ep)) s++;
        else return NULL;
    }
}

static const char *start_capture(match_state *ms, const char *s, const char *p, int what) {
    int level = ms->level;
    if (level >= SCRIM_MAX_CAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[level].init = s;
    ms->capture[level].len = what;
    ms->level = (unsigned char)(level + 1);
    const char *res = match(ms, s, p);
    if (res == NULL) ms->level--;
    return res;
}

static const char *end_capture(match_state *ms, const char *s, const char *p) {
    int l = capture_to_close(ms);
    ms->capture[l].len = s - ms->capture[l].init;
    const char *res = match(ms, s, p);
    if (res == NULL) ms->capture[l].len = CAP_UNFINISHED;
    return res;
}

static const char *match_capture(match_state *ms, const char *s, int l) {
    l = check_capture(ms, l);
    size_t len = (size_t)ms->capture[l].len;
    ms->steps += (long long)(len / 16);
    step(ms);
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0) return s + len;
    return NULL;
}

static const char *match(match_state *ms, const char *s, const char *p) {
    if (ms->match_depth-- == 0) luaL_error(ms->L, "pattern too complex");
init:
    step(ms);
    if (p != ms->p_end) {
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = start_capture(ms, s, p + 2, CAP_POSITION);
            else s = start_capture(ms, s, p + 1, CAP_UNFINISHED);
            break;
        case ')':
            s = end_capture(ms, s, p + 1);
            break;
        case '$':
            if ((p + 1) != ms->p_end) goto dflt;  // not the end of the pattern: a plain '$'
            s = (s == ms->src_end) ? s : NULL;
            break;
        case L_ESC:
            switch (*(p + 1)) {
            case 'b':
                s = match_balance(ms, s, p + 2);
                if (s != NULL) {
                    p += 4;
                    goto init;
                }
                break;
            case 'f': {
                p += 2;
                if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
                const char *ep = class_end(ms, p);
                char previous = (s == ms->src_init) ? '\0' : *(s - 1);
                if (!match_bracket_class((unsigned char)previous, p, ep - 1) &&
                    match_bracket_class((unsigned char)*s, p, ep - 1)) {
                    p = ep;
                    goto init;
                }
                s = NULL;
                break;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = match_capture(ms, s, (unsigned char)*(p + 1));
                if (s != NULL) {
                    p += 2;
                    goto init;
                }
                break;
            default:
                goto dflt;
            }
            break;
        default:
        dflt: {
            const char *ep = class_end(ms, p);
            if (!single_match(ms, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') {  // accept the empty match
                    p = ep + 1;
                    goto init;
                }
                s = NULL;
            } else {
                switch (*ep) {
                case '?': {
                    const char *res = match(ms, s + 1, ep + 1);
                    if (res != NULL) {
                        s = res;
                    } else {
                        p = ep + 1;
                        goto init;
                    }
                    break;
                }
                case '+': s = max_expand(ms, s + 1, p, ep); break;
                case '*': s = max_expand(ms, s, p, ep); break;
                case '-': s = min_expand(ms, s, p, ep); break;
                default:
                    s++;
                    p = ep;
                    goto init;
                }
            }
            break;
        }
        }
    }
    ms->match_depth++;
    return s;
}

static size_t get_one_capture(match_state *ms, int i, const char *s, const char *e, const char **cap) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return (size_t)(e - s);
    }
    ptrdiff_t capl = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (capl == CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    else if (capl == CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    return (size_t)capl;
}

static void push_one_capture(match_state *ms, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t l = (ptrdiff_t)get_one_capture(ms, i, s, e, &cap);
    if (l != CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)l);
}

static int push_captures(match_state *ms, const char *s, const char *e) {
    int nlevels = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, nlevels, "too many captures");
    for (int i = 0; i < nlevels; i++) push_one_capture(ms, i, s, e);
    return nlevels;
}

static void prepare_state(match_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    ms->L = L;
    ms->match_depth = SCRIM_MAX_MATCH_DEPTH;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->steps = 0;
}

static void reprepare_state(match_state *ms) {
    ms->level = 0;
}

// Charges what is left of a batch when a function returns.
static void settle(match_state *ms) {
    if (ms->steps > 0) charge_or_raise(ms->L, ms->steps);
    ms->steps = 0;
}

static size_t position_relative(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static int no_specials(const char *p, size_t l) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, SPECIALS)) return 0;
        upto += strlen(p + upto) + 1;  // may have more after a '\0'
    } while (upto <= l);
    return 1;
}

// Plain search, charging each candidate position and the bytes compared there.
static const char *find_plain(lua_State *L, const char *s1, size_t l1, const char *s2, size_t l2) {
    if (l2 == 0) return s1;
    if (l2 > l1) return NULL;
    long long steps = 0;
    l2--;  // 1st char is checked by memchr
    l1 = l1 - l2;
    const char *init;
    while (l1 > 0 && (init = (const char *)memchr(s1, *s2, l1)) != NULL) {
        steps += 1 + (long long)((size_t)(init - s1) / 64) + (long long)(l2 / 16);
        if (steps >= SCRIM_MATCH_BATCH) {
            charge_or_raise(L, steps);
            steps = 0;
        }
        init++;
        if (memcmp(init, s2 + 1, l2) == 0) {
            charge_or_raise(L, steps);
            return init - 1;
        }
        l1 -= (size_t)(init - s1);
        s1 = init;
    }
    charge_or_raise(L, steps + (long long)(l1 / 64));
    return NULL;
}

static int find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = position_relative(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
        const char *s2 = find_plain(L, s + init, ls - init, p, lp);
        if (s2) {
            lua_pushinteger(L, (s2 - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(s2 - s) + lp));
            return 2;
        }
    } else {
        match_state ms;
        const char *s1 = s + init;
        int anchor = (*p == '^');
        if (anchor) {
            p++;
            lp--;
        }
        prepare_state(&ms, L, s, ls, p, lp);
        do {
            reprepare_state(&ms);
            const char *res = match(&ms, s1, p);
            if (res != NULL) {
                settle(&ms);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, res - s);
                    return push_captures(&ms, NULL, 0) + 2;
                }
                return push_captures(&ms, s1, res);
            }
        } while (s1++ < ms.src_end && !anchor);
        settle(&ms);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_aux(L, 1); }

static int str_match(lua_State *L) { return find_aux(L, 0); }

typedef struct gmatch_state {
    const char *src;
    const char *p;
    const char *last_match;
    match_state ms;
} gmatch_state;

static int gmatch_aux(lua_State *L) {
    gmatch_state *gm = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    gm->ms.L = L;
    for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
        reprepare_state(&gm->ms);
        const char *e = match(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->last_match) {
            gm->src = gm->last_match = e;
            settle(&gm->ms);
            return push_captures(&gm->ms, src, e);
        }
    }
    settle(&gm->ms);
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = position_relative(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);  // keep the strings alive in the closure
    gmatch_state *gm = (gmatch_state *)lua_newuserdatauv(L, sizeof(gmatch_state), 0);
    if (init > ls) init = ls + 1;
    prepare_state(&gm->ms, L, s, ls, p, lp);
    gm->src = s + init;
    gm->p = p;
    gm->last_match = NULL;
    lua_pushcclosure(L, gmatch_aux, 3);
    return 1;
}

static void add_s(match_state *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = (const char *)memchr(news, L_ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;  // skip the escape
        if (*p == L_ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t resl = (ptrdiff_t)get_one_capture(ms, *p - '1', s, e, &cap);
            if (resl == CAP_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, cap, (size_t)resl);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", L_ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

static int add_value(match_state *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        push_one_capture(ms, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:
        add_s(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {  // nil or false: keep the original text
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last_match = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    match_state ms;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    prepare_state(&ms, L, src, srcl, p, lp);
    while (n < max_s) {
        reprepare_state(&ms);
        const char *e = match(&ms, src, p);
        if (e != NULL && e != last_match) {
            n++;
            // A replacement function runs Lua code: charge the steps so far before it runs.
            if (tr == LUA_TFUNCTION) settle(&ms);
            changed = add_value(&ms, &b, src, e, tr) | changed;
            src = last_match = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    settle(&ms);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

// string.rep, charging its copies (and doing none for an empty result: ("").rep(1e15) would
// otherwise loop 1e15 times copying nothing).
static int str_rep(lua_State *L) {
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > (size_t)LUA_MAXINTEGER / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);  // a result over the memory limit fails here
    charge_or_raise(L, n / 16);                  // the allocator charged the bytes
    while (n-- > 1) {
        memcpy(p, s, l);
        p += l;
        if (lsep > 0) {
            memcpy(p, sep, lsep);
            p += lsep;
        }
    }
    memcpy(p, s, l);
    luaL_pushresultsize(&b, total);
    return 1;
}

void scrim_bound_string_library(lua_State *L) {
    static const luaL_Reg bounded[] = {
        {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
        {"gsub", str_gsub}, {"rep", str_rep},     {NULL, NULL},
    };
    luaL_setfuncs(L, bounded, 0);
}
