import CLua
import ScrimCore
import Testing
@testable import ScrimLua

/// Runs plugin code in a fresh sandboxed environment and returns its first result as text.
@MainActor
struct SandboxRunner {
    let state: LuaState
    let sandbox: Sandbox

    init(limits: ScriptLimits = .init()) throws {
        state = try LuaState(limits: limits)
        sandbox = try Sandbox(state: state)
    }

    /// Runs `source` in `environment`, or in a fresh one.
    @discardableResult
    func run(_ source: String, chunkName: String = "plugin.lua", in shared: LuaReference? = nil) throws -> String? {
        let environment = try shared ?? sandbox.makeEnvironment()
        try state.load(source, chunkName: chunkName, environment: environment)
        try state.protectedCall(arguments: 0, results: 1)
        return state.withUnsafeState { L in
            defer { scrim_lua_pop(L, 1) }
            return lua_isstring(L, -1) != 0 ? String(cString: scrim_lua_tostring(L, -1)) : nil
        }
    }

    /// The error a chunk raises.
    func failure(_ source: String, in shared: LuaReference? = nil) throws -> LuaError {
        do {
            try run(source, in: shared)
        } catch let error as LuaError {
            return error
        }
        Issue.record("expected \(source) to fail")
        return LuaError(kind: .runtime, message: "")
    }
}

@MainActor @Suite struct SandboxTests {
    @Test(arguments: ["io", "debug", "dofile", "loadfile", "package", "collectgarbage('collect')"])
    func excludedNamesAreAbsent(name: String) throws {
        let runner = try SandboxRunner()
        if name.contains("(") {
            let error = try runner.failure("return \(name)")
            #expect(error.message.contains("only 'count' is available"))
        } else {
            #expect(try runner.run("return tostring(\(name))") == "nil")
        }
    }

    @Test(arguments: ["execute", "exit", "remove", "rename", "getenv", "tmpname"])
    func dangerousOsFunctionsAreAbsent(name: String) throws {
        let runner = try SandboxRunner()
        #expect(try runner.run("return tostring(os.\(name))") == "nil")
        #expect(try runner.run("return type(os.clock)") == "function")
    }

    @Test func libraryTablesAreReadOnly() throws {
        let runner = try SandboxRunner()
        #expect(try runner.failure("string.upper = nil").message.contains("read-only 'string' library"))
        #expect(try runner.failure("rawset(math, 'pi', 3)").message.contains("read-only table with rawset"))
        #expect(try runner.failure("setmetatable(table, {})").message.contains("read-only table"))
        #expect(try runner.run("return string.upper('ok')") == "OK")
        #expect(try runner.run("local n = 0 for _ in pairs(math) do n = n + 1 end return tostring(n > 10)") == "true")
    }

    @Test func theStringMetatableCannotBeChanged() throws {
        let runner = try SandboxRunner()
        #expect(try runner.failure("getmetatable('').__index = {}").message.contains("read-only"))
        #expect(try runner.failure("getmetatable('').__add = function() end").message.contains("read-only"))
        #expect(try runner.run("return ('abc'):upper()") == "ABC")
    }

    @Test func binaryChunksAreRefused() throws {
        let runner = try SandboxRunner()
        #expect(try runner.run("return tostring(string.dump)") == "nil")
        // A real precompiled chunk, made outside the sandbox (in the state's full globals).
        try runner.state.load("return string.dump(function() return 'ran' end)", chunkName: "=outside")
        try runner.state.protectedCall(arguments: 0, results: 1)
        let chunk = runner.state.makeReference()
        let environment = try runner.sandbox.makeEnvironment()
        try runner.state.load("local chunk = ... local f, e = load(chunk) return tostring(f) .. ' ' .. e", chunkName: "plugin.lua", environment: environment)
        runner.state.push(chunk)
        try runner.state.protectedCall(arguments: 1, results: 1)
        let answer = runner.state.withUnsafeState { L in
            defer { scrim_lua_pop(L, 1) }
            return String(cString: scrim_lua_tostring(L, -1))
        }
        #expect(answer == "nil attempt to load a binary chunk (mode is 't')")
        let bytes = runner.state.withUnsafeState { L in
            runner.state.push(chunk)
            defer { scrim_lua_pop(L, 1) }
            var length = 0
            let pointer = lua_tolstring(L, -1, &length)!
            return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
        #expect(bytes.utf8.first == 0x1B)
        do {
            try runner.state.load(bytes, chunkName: "compiled.lua")
            Issue.record("a binary chunk was loaded")
        } catch {
            #expect(error.kind == .binaryChunk)
            #expect(error.message == "compiled.lua: precompiled (binary) chunks are not accepted; load the source text")
        }
    }

    @Test func loadUsesTheCallersEnvironment() throws {
        let runner = try SandboxRunner()
        #expect(try runner.run("secret = 'mine' return load('return secret')()") == "mine")
    }

    @Test func pluginsDoNotShareGlobals() throws {
        let runner = try SandboxRunner()
        try runner.run("shared = 'first'")
        #expect(try runner.run("return tostring(shared)") == "nil")
    }

    @Test func anInfiniteLoopIsStopped() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 100_000))
        let error = try runner.failure("while true do end")
        #expect(error.kind == .budget)
        #expect(error.message.contains("instruction budget exceeded (100000 instructions)"))
        #expect(try runner.run("return 'still usable'") == "still usable")
    }

    @Test func aLoopInsideACoroutineCreatedBeforeTheCallIsStopped() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 100_000))
        let environment = try runner.sandbox.makeEnvironment()
        try runner.state.load("local co = ... return coroutine.resume(co)", chunkName: "b.lua", environment: environment)
        try runner.state.load(
            "return coroutine.create(function() for _ = 1, 1e6 do end return 'finished' end)", chunkName: "a.lua",
            environment: environment)
        try runner.state.protectedCall(arguments: 0, results: 1)
        // A thread made earlier may carry no hook at all (threads copy their creator's hook when
        // made): the sandbox's resume must put the budget on it.
        runner.state.withUnsafeState { L in lua_sethook(lua_tothread(L, -1), nil, 0, 0) }
        do {
            try runner.state.protectedCall(arguments: 1, results: 2)
            Issue.record("the loop in the coroutine ran to its end")
        } catch {
            #expect(error.kind == .budget)
        }
        try runner.state.load("local f = coroutine.wrap(function() while true do end end) f()", chunkName: "c.lua", environment: environment)
        do {
            try runner.state.protectedCall(arguments: 0, results: 0)
            Issue.record("wrap loop was not stopped")
        } catch {
            #expect(error.kind == .budget)
        }
    }

    @Test func aPcallLoopCannotSwallowTheBudget() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 100_000))
        let error = try runner.failure("while true do pcall(function() while true do end end) end")
        #expect(error.kind == .budget)
    }

    @Test func memoryBombsAreStopped() throws {
        let runner = try SandboxRunner(limits: .init(instructionBudget: 0, memoryLimit: 8 << 20))
        let rep = try runner.failure("local s = string.rep('x', 64 * 1024 * 1024) return #s")
        #expect(rep.kind == .memory)
        let growth = try runner.failure("local t = {} for i = 1, 1e8 do t[i] = i end")
        #expect(growth.kind == .memory)
        let swallowed = try runner.failure("""
            local ok = pcall(function() local t = {} for i = 1, 1e8 do t[i] = i end end)
            local t = {} for i = 1, 1e8 do t[i] = i end
            """)
        #expect(swallowed.kind == .memory)
        #expect(try runner.run("return 'still usable'") == "still usable")
    }

    @Test func runtimeErrorsCarryTheFileLineAndATraceback() throws {
        let runner = try SandboxRunner()
        let error = try runner.failure("local function f()\n  error('boom')\nend\nf()")
        #expect(error.kind == .runtime)
        #expect(error.message == "plugin.lua:2: boom")
        #expect(error.traceback?.contains("plugin.lua:4") == true)
    }

    @Test func syntaxErrorsNameTheLine() throws {
        let runner = try SandboxRunner()
        let environment = try runner.sandbox.makeEnvironment()
        do {
            try runner.state.load("local x = \nreturn = 3", chunkName: "broken.lua", environment: environment)
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.hasPrefix("broken.lua:2:"))
        }
    }
}
