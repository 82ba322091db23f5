import CLua
import Testing
@testable import ScrimLua

/// The limits (Docs/LuaAPI.md, "Limits") at their edges: they belong to the host's outermost
/// call, survive nested calls and `pcall`, never reach the host side, and name the line they
/// stopped.
@MainActor @Suite struct LimitsTests {
    @Test func afterAMemoryErrorTheHostCanStillAllocate() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 0, memoryLimit: 4 << 20))
        #expect(try runner.failure("local t = {} for i = 1, 1e8 do t[i] = i end").kind == .memory)
        // Outside any call the allocator never refuses (a refusal there would reach lua_atpanic
        // and abort the process): push far more than the cap from Swift.
        let kept = runner.state.withUnsafeState { L -> Int in
            scrim_lua_newtable(L)
            for index in 1...64 {
                lua_pushstring(L, String(repeating: "\(index % 10)", count: 256 << 10))
                lua_rawseti(L, -2, lua_Integer(index))
            }
            defer { lua_settop(L, 0) }
            return Int(lua_rawlen(L, -1))
        }
        #expect(kept == 64)
        #expect(try runner.run("return 'still usable'") == "still usable")
    }

    @Test func aMemoryErrorNamesTheLineThatAllocated() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 0, memoryLimit: 8 << 20))
        let rep = try runner.failure("local x = 1\nlocal s = string.rep('x', 64 * 1024 * 1024)\nreturn #s")
        #expect(rep.message == "plugin.lua:2: memory limit exceeded (8388608 bytes)")
        let growth = try runner.failure("local t = {}\nlocal i = 0\nwhile true do\n  i = i + 1\n  t[i] = {}\nend")
        #expect(growth.kind == .memory)
        #expect(growth.message == "plugin.lua:5: memory limit exceeded (8388608 bytes)")
        let diagnostic = DiagnosticBuilder(path: "plugin.lua", source: "local x = 1\nlocal s = string.rep('x', 64 * 1024 * 1024)\nreturn #s")
            .diagnostic(for: rep)
        #expect(diagnostic.description == "plugin.lua:2:1: error: memory limit exceeded (8388608 bytes)")
    }

    @Test func aMemoryErrorInsideACoroutineNamesItsLine() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 0, memoryLimit: 8 << 20))
        let error = try runner.failure("""
            local co = coroutine.wrap(function()
              local t = {}
              for i = 1, 1e8 do t[i] = i end
            end)
            co()
            """)
        #expect(error.kind == .memory)
        #expect(error.message == "plugin.lua:3: memory limit exceeded (8388608 bytes)")
    }

    @Test func finalizersAreRefusedBecauseTheBudgetCannotStopThem() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 100_000))
        let error = try runner.failure("setmetatable({}, { __gc = function() while true do end end })")
        #expect(error.message == "plugin.lua:1: __gc metamethods are not available to plugins")
        #expect(try runner.run("local t = setmetatable({}, { __index = { x = 1 } }) return tostring(t.x)") == "1")
    }

    @Test func aNestedCallSpendsTheOuterCallsBudget() throws {
        // Each nested call (Lua → scrim.animate → the Lua block) runs 100 000 instructions, well
        // within the budget on its own; fifty of them are not.
        let fixture = try BridgeFixture(limits: .init(instructionBudget: 1_000_000))
        let message = fixture.failure("""
            for _ = 1, 50 do
              pcall(scrim.animate, 0, function() for _ = 1, 100000 do end end)
            end
            return 'finished'
            """)
        #expect(message.contains("instruction budget exceeded (1000000 instructions)"))
        #expect(try fixture.run("return 'still usable'") == "still usable")
    }

    @Test func aNestedLoopCaughtByPcallIsStillStopped() throws {
        let fixture = try BridgeFixture(limits: .init(instructionBudget: 200_000))
        let message = fixture.failure("while true do pcall(scrim.animate, 0, function() while true do end end) end")
        #expect(message.contains("instruction budget exceeded (200000 instructions)"))
    }

    @Test func theScrimModuleCannotBeChangedWithRawsetOrSetmetatable() throws {
        let fixture = try BridgeFixture()
        #expect(fixture.failure("rawset(scrim, 'animate', print)").contains("read-only table with rawset"))
        #expect(fixture.failure("rawset(scrim.View, 'new', print)").contains("read-only table with rawset"))
        #expect(fixture.failure("setmetatable(scrim.View, {})").contains("cannot change the metatable of a read-only table"))
        #expect(try fixture.run("return type(scrim.animate) .. ' ' .. type(scrim.View.new)") == "function function")
    }
}
