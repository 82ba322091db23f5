import CLua
import CLuaRuntime
import ScrimCore
import Testing
@testable import ScrimLua

/// Work the VM does not count — message handlers run inside the budget hook, pattern matching
/// and table walks in C, copies of long strings — is bounded too: each case here ran for minutes
/// or forever before the limits covered it, and now stops within the budget with its line.
@MainActor @Suite struct RunawayTests {
    /// Limits small enough that a stopped case returns at once; the time limit is off, so what
    /// stops each case is the instruction budget.
    private static let limits = ScriptLimits(instructionBudget: 1_000_000, timeLimit: .zero)

    private func budgetFailure(_ source: String) throws -> LuaError {
        let runner = try SandboxRunner(limits: Self.limits)
        let error = try runner.failure(source)
        #expect(error.kind == .budget, "\(error.message)")
        #expect(try runner.run("return 'still usable'") == "still usable")
        return error
    }

    @Test func aLoopingXpcallHandlerIsStopped() throws {
        let error = try budgetFailure("""
            local ok, message = xpcall(function() error("x") end, function(e) while true do end end)
            return message
            """)
        #expect(error.message.hasPrefix("plugin.lua:1: instruction budget exceeded (1000000 instructions)"))
    }

    @Test func aHandlerCountingPastTheBudgetIsStopped() throws {
        let runner = try SandboxRunner(limits: Self.limits)
        let environment = try runner.sandbox.makeEnvironment()
        let error = try runner.failure("""
            count = 0
            xpcall(function() error("x") end, function(e) for i = 1, 1e8 do count = i end end)
            return count
            """, in: environment)
        #expect(error.kind == .budget)
        // The handler stopped within the budget (it used to run all 1e8 steps).
        #expect(try runner.run("return tostring(count > 1000 and count < 1e6)", in: environment) == "true")
    }

    @Test func aLoopingHandlerInsideACoroutineIsStopped() throws {
        let error = try budgetFailure("""
            local co = coroutine.wrap(function()
              pcall(function() xpcall(error, function() while true do end end) end)
              while true do pcall(function() while true do end end) end
            end)
            co()
            """)
        #expect(error.message.contains("instruction budget exceeded"))
    }

    @Test func aHandlerThatIsNotAFunctionIsRefusedAsLuaDoes() throws {
        let runner = try SandboxRunner(limits: Self.limits)
        let error = try runner.failure("xpcall(print, 42)")
        #expect(error.message == "plugin.lua:1: bad argument #2 to 'xpcall' (function expected, got number)")
        #expect(try runner.run("return select(2, xpcall(function() error('x', 0) end, function(e) return 'handled ' .. e end))") == "handled x")
    }

    @Test func aLoopingTostringOnAnErrorObjectIsStopped() throws {
        let error = try budgetFailure("""
            error(setmetatable({}, { __tostring = function() while true do end end }))
            """)
        #expect(error.message.contains("instruction budget exceeded"))
    }

    @Test func aCoroutineStoppedByTheBudgetIsNotClosedLater() throws {
        let runner = try SandboxRunner(limits: Self.limits)
        let environment = try runner.sandbox.makeEnvironment()
        let first = try runner.failure("""
            stopped = coroutine.create(function()
              local guard <close> = setmetatable({}, { __close = function() while true do end end })
              while true do end
            end)
            coroutine.resume(stopped)
            """, in: environment)
        #expect(first.kind == .budget)
        #expect(try runner.run("return select(2, coroutine.close(stopped))", in: environment) == "the coroutine was stopped by a limit and cannot be closed")
    }

    @Test func backtrackingPatternsAreStopped() throws {
        let error = try budgetFailure("""
            local ok = pcall(string.find, string.rep("a", 40), string.rep("a*", 25) .. "b")
            return tostring(ok)
            """)
        #expect(error.message.hasPrefix("plugin.lua:1: instruction budget exceeded"))
    }

    @Test(arguments: [
        "string.match(string.rep('a', 40), string.rep('a*', 25) .. 'b')",
        "for _ in string.gmatch(string.rep('a', 40), string.rep('a-', 25) .. 'b') do end",
        "string.gsub(string.rep('a', 40), string.rep('a?', 25) .. 'b', '')",
        "(string.rep('a', 40)):find(string.rep('.*', 25) .. 'b')",
        "string.find(string.rep('a', 4e6), string.rep('a', 2e6) .. 'b', 1, true)",
    ])
    func everyPatternFunctionIsBounded(line: String) throws {
        let error = try budgetFailure(line)
        #expect(error.message.hasPrefix("plugin.lua:1: instruction budget exceeded"))
    }

    @Test(arguments: [
        "string.rep('', 1e15)",
        "string.rep('', 1e15, '')",
    ])
    func repeatingNothingIsImmediate(line: String) throws {
        let runner = try SandboxRunner(limits: Self.limits)
        #expect(try runner.run("return #\(line)") == "0")
    }

    @Test(arguments: [
        "table.move({}, 1, 1e15, 2)",
        "table.insert(setmetatable({}, { __len = function() return 1e15 end }), 1, 'x')",
        "table.remove(setmetatable({}, { __len = function() return 1e15 end }), 1)",
        "local t = {} for i = 1, 1e5 do t[i] = i end while true do table.unpack(t) end",
        "table.concat(setmetatable({}, { __len = function() return 1e15 end }))",
        "local t = {} for i = 1, 1e5 do t[i] = i end while true do table.insert(t, 1, 0) table.remove(t, 1) end",
        "local t = {} for i = 1, 1e5 do t[i] = i end while true do table.sort(t) end",
        "local s = string.rep('x', 1e7) while true do local t = s .. 'y' end",
    ])
    func tableWalksAndCopiesAreCharged(line: String) throws {
        let error = try budgetFailure(line)
        #expect(error.message.hasPrefix("plugin.lua:1: ") || error.message.hasPrefix("instruction budget"), "\(error.message)")
        #expect(error.message.contains("instruction budget exceeded (1000000 instructions)"))
    }

    @Test func theTimeLimitStopsWhatNoCountSees() throws {
        // Comparing two equal long strings is one instruction however long they are.
        // 200 ms: making the two strings (line 1) takes a few milliseconds even under a sanitizer
        // on a loaded machine; the loop is what the limit stops.
        let runner = try SandboxRunner(limits: .init(instructionBudget: 0, timeLimit: .milliseconds(200)))
        let error = try runner.failure("""
            local a, b = string.rep("x", 1 << 20), string.rep("x", 1 << 20)
            while true do local _ = (a == b) end
            """)
        #expect(error.kind == .budget)
        #expect(error.message == "plugin.lua:2: time limit exceeded (200 ms); the call was stopped")
    }

    @Test func boundedFunctionsKeepTheirErrorsAndResults() throws {
        let runner = try SandboxRunner(limits: Self.limits)
        #expect(runner.failureMessage("string.find('a', '%')") == "plugin.lua:1: malformed pattern (ends with '%')")
        #expect(runner.failureMessage("string.find('a', '[a')") == "plugin.lua:1: malformed pattern (missing ']')")
        #expect(runner.failureMessage("string.gsub('a', 'a', '%2')") == "plugin.lua:1: invalid capture index %2")
        #expect(runner.failureMessage("table.insert({}, 5, 'x')") == "plugin.lua:1: bad argument #2 to 'insert' (position out of bounds)")
        #expect(runner.failureMessage("table.sort(42)") == "plugin.lua:1: bad argument #1 to 'sort' (table expected, got number)")
        #expect(runner.failureMessage("table.concat({1, {}, 3})") == "plugin.lua:1: invalid value (at index 2) in table for 'concat'")
        #expect(try runner.run("local t = {3, 1, 2} table.sort(t, function(a, b) return a > b end) return table.concat(t, ',')") == "3,2,1")
        #expect(try runner.run("local t = {1, 2, 3} table.insert(t, 1, 0) table.remove(t) return table.concat(table.move(t, 1, 3, 2, {}), ',', 2)") == "0,1,2")
    }
}

extension SandboxRunner {
    /// The message of the error a chunk raises.
    func failureMessage(_ source: String) -> String {
        do {
            try run(source)
            return "(no error)"
        } catch {
            return (error as? LuaError)?.message ?? "\(error)"
        }
    }
}
