import CLua
import CLuaRuntime
import Testing

/// The bounded string and table functions give exactly what Lua's own give — results, captures,
/// positions and error messages — over a corpus of patterns and calls, compared in two plain
/// states: one with Lua's library, one with the bounded functions in its place.
@Suite struct BoundedLibraryTests {
    /// Runs every call of the corpus under pcall and returns one line per call.
    private static let corpus = #"""
        local subjects = { "", "a", "hello world", "  trim me  ", "key = value", "(a(b)c)", "THE (quick) fox",
          "aaa", "abcabc", "x=1, y=22, z=333", "\0nul\0", "ça va", "[[x]]", "%d", "a.b.c" }
        local patterns = { "", "a", "^a", "a$", "^$", ".", "%a+", "%A", "%d+", "(%d+)", "()", "(%w+)=(%w+)",
          "%s*(.-)%s*$", "^%s*(.-)%s*$", "a*", "a-", "a+", "a?", "a-b", "%bxy", "%b()", "%f[%w]%w+",
          "%f[%a]", "[%a_][%w_]*", "[^%s]+", "[a-c]+", "[%]]", "[]]", "[^]]", "(a)(b)(c)", "((a)(b))",
          "(a)%1", "(.)%1", "%", "[a", "(", ")", "%1", "(()", "%g+", "%p", "%c", "%x+", "%u%l+",
          ".-b", "^(%a+)", "%.", "%%", "[%d%.]+", "x*$", "$a", "a$b", "%z", "[a-]", "[-a]", "%f[^%z]" }
        local out = {}
        local function show(...)
          local parts = { tostring(select("#", ...)) }
          for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
          return table.concat(parts, "|")
        end
        local function try(label, f, ...)
          out[#out + 1] = label .. " -> " .. show(pcall(f, ...))
        end
        for _, s in ipairs(subjects) do
          for _, p in ipairs(patterns) do
            local label = string.format("%q %q", s, p)
            try("find " .. label, string.find, s, p)
            try("find3 " .. label, string.find, s, p, 3)
            try("find-2 " .. label, string.find, s, p, -2)
            try("plain " .. label, string.find, s, p, 1, true)
            try("match " .. label, string.match, s, p)
            try("gsub " .. label, string.gsub, s, p, "<%0>")
            try("gsub1 " .. label, string.gsub, s, p, "%1", 1)
            try("gsubf " .. label, string.gsub, s, p, function(a, b) return b and (a .. b) or nil end)
            try("gsubt " .. label, string.gsub, s, p, { a = "A", hello = false })
            try("gsub%2 " .. label, string.gsub, s, p, "%2")
            try("gsub% " .. label, string.gsub, s, p, "100%")
            try("gmatch " .. label, function()
              local found = {}
              for a, b in string.gmatch(s, p) do found[#found + 1] = tostring(a) .. "/" .. tostring(b) end
              return table.concat(found, ",")
            end)
            try("gmatch2 " .. label, function()
              local found = {}
              for a in string.gmatch(s, p, 2) do found[#found + 1] = tostring(a) end
              return table.concat(found, ",")
            end)
          end
        end
        for _, n in ipairs({ -1, 0, 1, 3 }) do
          try("rep " .. n, string.rep, "ab", n)
          try("rep sep " .. n, string.rep, "ab", n, "-")
          try("rep empty " .. n, string.rep, "", n, "")
        end
        try("rep huge", string.rep, "ab", math.maxinteger)
        try("gsub bad repl", string.gsub, "a", "a", true)
        try("gsub bad value", string.gsub, "a", "a", function() return {} end)
        local function tbl(...) return { ... } end
        local proxy = setmetatable({}, { __index = function(_, k) return k * 10 end, __len = function() return 4 end,
          __newindex = function(t, k, v) rawset(t, k, v) end })
        for _, case in ipairs({
          { "insert", table.insert, tbl(1, 2, 3), 2, "x" }, { "insert end", table.insert, tbl(1, 2), "z" },
          { "insert 0", table.insert, tbl(1, 2), 0, "x" }, { "insert 4", table.insert, tbl(1, 2), 4, "x" },
          { "insert args", table.insert, tbl(1), 1, 2, 3 }, { "insert none", table.insert, tbl(1) },
          { "insert nil", table.insert, nil, 1 }, { "insert proxy", table.insert, proxy, 2, "p" },
          { "remove", table.remove, tbl(1, 2, 3) }, { "remove 1", table.remove, tbl(1, 2, 3), 1 },
          { "remove 4", table.remove, tbl(1, 2, 3), 4 }, { "remove 5", table.remove, tbl(1, 2, 3), 5 },
          { "remove empty", table.remove, tbl() }, { "remove empty 0", table.remove, tbl(), 0 },
          { "remove proxy", table.remove, proxy, 1 },
          { "move", table.move, tbl(1, 2, 3), 1, 3, 2 }, { "move back", table.move, tbl(1, 2, 3), 2, 3, 1 },
          { "move other", table.move, tbl(1, 2, 3), 1, 3, 1, tbl() }, { "move none", table.move, tbl(1), 3, 1, 1 },
          { "move wrap", table.move, tbl(1), 1, 2, math.maxinteger }, { "move many", table.move, tbl(1), math.mininteger, 2, 1 },
          { "move bad", table.move, tbl(1), "x", 1, 1 }, { "move nil", table.move, nil, 1, 1, 1 },
          { "concat", table.concat, tbl(1, "b", 3.5) }, { "concat sep", table.concat, tbl(1, 2, 3), ", ", 2 },
          { "concat range", table.concat, tbl(1, 2, 3), "-", 2, 3 }, { "concat empty", table.concat, tbl(1), "-", 3, 2 },
          { "concat bad", table.concat, tbl(1, true) }, { "concat proxy", table.concat, proxy, "." },
          { "concat nil", table.concat, nil },
          { "unpack", table.unpack, tbl(1, 2, 3) }, { "unpack range", table.unpack, tbl(1, 2, 3), 2, 5 },
          { "unpack empty", table.unpack, tbl(1, 2), 3, 2 }, { "unpack huge", table.unpack, tbl(), 1, 1e8 },
          { "unpack proxy", table.unpack, proxy }, { "unpack nil", table.unpack, nil },
          { "sort", table.sort, tbl(3, 1, 2) }, { "sort cmp", table.sort, tbl(3, 1, 2), function(a, b) return a > b end },
          { "sort bad cmp", table.sort, tbl(3, 1, 2), 42 }, { "sort mixed", table.sort, tbl(3, "a", 2) },
          { "sort nil", table.sort, nil }, { "sort invalid", table.sort, tbl(5, 4, 3, 2, 1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), function() return true end },
        }) do
          local t = case[3]
          local results = table.pack(pcall(case[2], table.unpack(case, 3, #case)))
          local contents = {}
          if type(t) == "table" then for i = 1, 5 do contents[#contents + 1] = tostring(rawget(t, i)) end end
          out[#out + 1] = case[1] .. " -> " .. show(table.unpack(results, 1, results.n)) .. " [" .. table.concat(contents, ",") .. "]"
        end
        return table.concat(out, "\n")
        """#

    /// Runs the corpus in a plain state, with the bounded functions or with Lua's own.
    private static func run(bounded: Bool) -> [String] {
        // Scrim's allocator with no limits and no call in progress: nothing is charged.
        let limits = UnsafeMutablePointer<scrim_limits>.allocate(capacity: 1)
        limits.initialize(to: scrim_limits())
        guard let L = scrim_newstate(limits) else { return ["no state"] }
        defer {
            lua_close(L)
            limits.deallocate()
        }
        luaL_openlibs(L)
        if bounded {
            lua_getglobal(L, "string")
            scrim_bound_string_library(L)
            lua_getglobal(L, "table")
            scrim_bound_table_library(L)
            lua_settop(L, 0)
        }
        guard luaL_loadstring(L, corpus) == LUA_OK, scrim_lua_pcall(L, 0, 1, 0) == LUA_OK else {
            return ["error: " + (scrim_lua_tostring(L, -1).map { String(cString: $0) } ?? "?")]
        }
        return String(cString: scrim_lua_tostring(L, -1)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theBoundedFunctionsAgreeWithLuasOwn() {
        let expected = Self.run(bounded: false)
        let actual = Self.run(bounded: true)
        #expect(expected.count > 7_000)
        #expect(actual.count == expected.count)
        let differences = zip(expected, actual).filter { $0 != $1 }
        #expect(differences.isEmpty, "\(differences.prefix(5).map { "lua:    \($0.0)\nscrim:  \($0.1)" }.joined(separator: "\n"))")
    }
}
