import CLua
import ScrimCore
import Testing
@testable import ScrimLua

/// A runtime with the `scrim` module, a window on a manual clock, and plugin code run in it.
@MainActor
final class BridgeFixture {
    let runtime: LuaRuntime
    let module: LuaReference
    let clock: ManualClock
    let engine: AnimationEngine
    let window: Window
    var log: [String] = []
    var uncaught: [String] = []
    private var environment: LuaReference?

    init(limits: ScriptLimits = .init()) throws {
        runtime = try LuaRuntime(limits: limits)
        clock = try ManualClock(frameRate: 60)
        engine = AnimationEngine(clock: clock)
        window = Window(engine: engine)
        var lines: [String] = []
        module = try ScrimModule.build(in: runtime, log: { _, text in lines.append(text) })
        runtime.onUncaughtError = { [unowned self] error, context in self.uncaught.append("\(context): \(error.message)") }
        _ = lines
    }

    /// Runs `source` with `scrim` and `window` (the root view) as globals; returns its first
    /// result as text.
    @discardableResult
    func run(_ source: String) throws -> String? {
        try evaluate(source) { call in
            lua_isstring(call.L, -1) != 0 ? String(cString: scrim_lua_tostring(call.L, -1)) : nil
        }
    }

    /// Runs `source` as `run` does and returns what `read` makes of its first result (at -1).
    func evaluate<Value>(_ source: String, _ read: (LuaCall) throws -> Value) throws -> Value {
        let environment = try globals()
        let state = runtime.state
        try state.load(source, chunkName: "test.lua", environment: environment)
        try state.protectedCall(arguments: 0, results: 1)
        return try state.withUnsafeState { L in
            defer { scrim_lua_pop(L, 1) }
            return try read(LuaCall(L: L, runtime: runtime))
        }
    }

    /// Makes `body` the global `name` of the code `run` runs.
    func define(_ name: String, _ body: @escaping LuaRuntime.Callback) throws {
        let environment = try globals()
        runtime.state.withUnsafeState { L in
            runtime.state.push(environment)
            runtime.pushFunction(body)
            lua_setfield(L, -2, name)
            scrim_lua_pop(L, 1)
        }
    }

    /// The globals of the code `run` runs: the sandbox's, `scrim` and `window`.
    private func globals() throws -> LuaReference {
        let environment = try self.environment ?? runtime.sandbox.makeEnvironment()
        self.environment = environment
        let state = runtime.state
        state.withUnsafeState { L in
            state.push(environment)
            state.push(module)
            lua_setfield(L, -2, "scrim")
            runtime.pushHandle(window, typeName: ViewBridge.table.typeName)
            lua_setfield(L, -2, "window")
            scrim_lua_pop(L, 1)
        }
        return environment
    }

    func failure(_ source: String) -> String {
        do {
            try run(source)
            return "no error"
        } catch {
            return "\(error)"
        }
    }
}

@MainActor @Suite struct BridgeTests {
    @Test func geometryTablesHaveComputedFieldsAndMethods() throws {
        let f = try BridgeFixture()
        #expect(try f.run("local r = scrim.Rect(10, 20, 100, 50) return r.midX .. ',' .. r.maxY") == "60.0,70")
        #expect(try f.run("return tostring(scrim.Rect(0, 0, 10, 10):insetBy(2, 3))") == "Rect(2, 3, 6, 4)")
        #expect(try f.run("return tostring(scrim.Point(1, 2) == scrim.Point(1, 2))") == "true")
        #expect(try f.run("return tostring(scrim.Color.hex('#FF000080'))") == "Color(1, 0, 0, 0.501961)")
    }

    @Test func viewsAreHandlesWithFields() throws {
        let f = try BridgeFixture()
        let result = try f.run("""
            local v = scrim.View.new{ id = 'card', frame = scrim.Rect(10, 20, 100, 50), alpha = 0.5 }
            window:addSubview(v)
            v.cornerRadius = 8
            local f = v.frame
            f.x = 30
            v.frame = f
            return v.id .. ' ' .. tostring(v.frame) .. ' ' .. v.alpha .. ' ' .. #window.subviews
            """)
        #expect(result == "card Rect(30, 20, 100, 50) 0.5 1")
        let card = f.window.subviews[0]
        #expect(card.cornerRadius == 8)
        #expect(card.frame == Rect(x: 30, y: 20, width: 100, height: 50))
    }

    @Test func unknownNamesSuggestTheClosest() throws {
        let f = try BridgeFixture()
        #expect(f.failure("scrim.animat{}").contains("unknown field 'animat' in scrim; did you mean 'animate'?"))
        #expect(f.failure("local v = scrim.View.new{} return v.fram").contains("unknown field 'fram' on View; did you mean 'frame'?"))
        #expect(f.failure("scrim.animate = nil").contains("read-only 'scrim' module"))
        #expect(f.failure("scrim.View.new{}.alpha = 0/0").contains("view.alpha must be a finite number"))
        #expect(f.failure("scrim.View.new{}.tag = 1e300").contains("view.tag must be a whole number"))
        #expect(f.failure("window:insertSubview(scrim.View.new{}, 2^70)").contains("insertSubview index must be a whole number"))
        #expect(f.failure("scrim.animate{ duration = 1, curve = 'easeInOt', animations = function() end }")
            .contains("unknown curve 'easeInOt'; did you mean 'easeInOut'?"))
    }

    @Test func animateRunsTheBlockAndTheCompletion() throws {
        let f = try BridgeFixture()
        try f.run("""
            card = scrim.View.new{ id = 'card', frame = scrim.Rect(0, 0, 100, 100) }
            window:addSubview(card)
            scrim.animate{ duration = 1, curve = 'linear', animations = function()
              card.alpha = 0
            end, completion = function(finished) card.tag = finished and 1 or 2 end }
            """)
        let card = f.window.subviews[0]
        try f.clock.advance(by: 0.5)
        #expect(abs(card.presentation.alpha - 0.5) < 1e-12)
        try f.clock.advance(by: 0.51)
        #expect(card.tag == 1)
    }

    @Test func errorsInsideTheBlockRollBackAndRaiseInTheCaller() throws {
        let f = try BridgeFixture()
        let message = f.failure("""
            local v = scrim.View.new{}
            window:addSubview(v)
            scrim.animate(1, function()
              v.alpha = 0
              error('inside')
            end)
            """)
        #expect(message == "test.lua:5: inside")
        #expect(f.window.subviews[0].alpha == 1)
    }

    @Test func errorsInACompletionAreReported() throws {
        let f = try BridgeFixture()
        try f.run("scrim.animate(0.1, function() window.alpha = 0.5 end, function() error('late') end)")
        try f.clock.advance(by: 0.2)
        #expect(f.uncaught == ["animation completion: test.lua:1: late"])
    }

    @Test func aDeadViewHandleRaisesAClearError() throws {
        let f = try BridgeFixture()
        do {
            let view = View(id: "temporary")
            f.window.addSubview(view)
            try f.run("held = window.subviews[1]")
            view.removeFromSuperview()
        }
        #expect(f.failure("return held.alpha").contains("the view is gone"))
    }

    @Test func idsAreUniqueInAWindow() throws {
        let f = try BridgeFixture()
        try f.run("window:addSubview(scrim.View.new{ id = 'card' })")
        #expect(f.failure("window:addSubview(scrim.View.new{ id = 'card' })").contains("a view with id 'card' is already in the window"))
        #expect(f.window.subviews.count == 1)
    }
}
