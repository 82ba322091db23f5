import CLua
import ScrimCore

/// `scrim.animate`, `scrim.animateKeyframes` and `scrim.addKeyframe` (Docs/LuaAPI.md,
/// "Animation"): the Lua block runs inside Swift's animation block, so every view property it
/// sets animates; the completion runs later, inside the scope (plugin and transition) it was
/// created in.
@MainActor
enum AnimationBridge {
    /// `scrim.animate{ duration, delay, curve | damping + velocity | spring, animations, completion }`
    /// or `scrim.animate(duration, animations, completion)`.
    static func animate(_ call: LuaCall) throws -> Int32 {
        try run(call, "animate", timed: true) { options, animations, completion in
            try View.animate(
                withDuration: options.duration, delay: options.delay, timing: options.timing,
                animations: animations, completion: completion)
        }
    }

    /// `scrim.animateKeyframes{ duration, delay, animations, completion }`.
    static func animateKeyframes(_ call: LuaCall) throws -> Int32 {
        try run(call, "animateKeyframes", timed: false) { options, animations, completion in
            try View.animateKeyframes(
                withDuration: options.duration, delay: options.delay, animations: animations, completion: completion)
        }
    }

    /// Reads the options of the animation call `name` and has `animate` start it, with the Lua
    /// block and completion as Swift closures; an `AnimationError` is raised naming the call.
    /// The completion runs later in the scope (plugin and transition) of the call, with whether
    /// the animations finished.
    private static func run(
        _ call: LuaCall, _ name: String, timed: Bool,
        _ animate: (AnimationOptionsReader, _ animations: () throws -> Void, _ completion: ((Bool) -> Void)?) throws -> Void
    ) throws -> Int32 {
        let runtime = call.runtime
        let options = try AnimationOptionsReader(call: call, name: name, timed: timed)
        let completion: ((Bool) -> Void)? = options.completion.map { runtime.callback($0, context: "animation completion") }
        do {
            try animate(options, { try runtime.call(options.animations) { _ in () } }, completion)
        } catch let error as AnimationError {
            throw LuaCallError("\(name): \(error)")
        }
        return 0
    }

    /// `scrim.addKeyframe(start, length, function() … end)`.
    static func addKeyframe(_ call: LuaCall) throws -> Int32 {
        let start = try call.number(1, "addKeyframe start")
        let length = try call.number(2, "addKeyframe length")
        let animations = try call.function(3, "addKeyframe animations")
        let runtime = call.runtime
        do {
            try View.addKeyframe(withRelativeStartTime: start, relativeDuration: length) {
                try runtime.call(animations) { _ in () }
            }
        } catch let error as AnimationError {
            throw LuaCallError("addKeyframe: \(error)")
        }
        return 0
    }
}

/// The options of an animation call, in table or positional form; a table with a key the call does
/// not take is refused.
@MainActor
struct AnimationOptionsReader {
    var duration = 0.0
    var delay = 0.0
    var timing = TimingParameters.default
    var animations: LuaReference
    var completion: LuaReference?

    /// `timed`: the call takes a timing (`scrim.animate`), not only the default curve.
    init(call: LuaCall, name: String, timed: Bool) throws {
        if call.type(1) != LUA_TTABLE {
            duration = try call.number(1, "\(name) duration")
            animations = try call.function(2, "\(name) animations")
            completion = try call.optionalFunction(3, "\(name) completion")
            return
        }
        try call.checkOptionKeys(1, timed ? OptionKeys.animate : OptionKeys.keyframes, name)
        duration = try call.numberField(1, "duration", name) ?? 0
        delay = try call.numberField(1, "delay", name) ?? 0
        guard call.pushField(1, "animations") == LUA_TFUNCTION else {
            call.pop()
            throw LuaCallError("\(name) needs an 'animations' function")
        }
        animations = try call.function(-1, "\(name) animations")
        call.pop()
        if call.pushField(1, "completion") > LUA_TNIL { completion = try call.function(-1, "\(name) completion") }
        call.pop()
        if timed { timing = try Self.timing(call: call, table: 1, name: name) }
    }

    /// Runs a validating initializer; its error becomes a Lua error naming the call.
    static func mapped<Value>(_ name: String, _ body: () throws(AnimationError) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw LuaCallError("\(name): \(error)")
        }
    }

    /// `curve` (a name or {x1, y1, x2, y2}), `damping` (+ `velocity`), or `spring{ … }`, from a
    /// table whose keys the caller checked.
    static func timing(call: LuaCall, table: Int32, name: String) throws -> TimingParameters {
        switch call.pushField(table, "spring") {
        case LUA_TNIL: call.pop()
        case LUA_TTABLE:
            defer { call.pop() }
            let spring = Int32(-1)
            try call.checkOptionKeys(spring, OptionKeys.spring, "\(name).spring")
            let mass = try call.numberField(spring, "mass", "\(name).spring") ?? 1
            let stiffness = try call.numberField(spring, "stiffness", "\(name).spring") ?? 100
            let damping = try call.numberField(spring, "damping", "\(name).spring") ?? 10
            let velocity = try call.numberField(spring, "velocity", "\(name).spring") ?? 0
            return .spring(try mapped(name) { () throws(AnimationError) in
                try SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            })
        default:
            throw LuaCallError("\(name).spring must be a table, got \(call.typeName(-1))")
        }
        if let damping = try call.numberField(table, "damping", name) {
            return .durationSpring(
                dampingRatio: damping, initialVelocity: try call.numberField(table, "velocity", name) ?? 0)
        }
        let type = call.pushField(table, "curve")
        defer { call.pop() }
        switch type {
        case LUA_TNIL:
            return .default
        case LUA_TSTRING:
            let text = try call.string(-1, "\(name).curve")
            guard let curve = AnimationCurve(rawValue: text) else {
                throw LuaCallError(
                    "\(name): unknown curve '\(text)'" + NameSuggestion.hint(for: text, in: AnimationCurve.allCases.map(\.rawValue)))
            }
            return .curve(curve)
        case LUA_TTABLE:
            try call.checkOptionKeys(-1, OptionKeys.curvePoints, arrayCount: 4, "\(name).curve")
            var values: [Double] = []
            for (position, key) in ["x1", "y1", "x2", "y2"].enumerated() {
                if let named = try call.numberField(-1, key, "\(name).curve") {
                    values.append(named)
                } else {
                    lua_rawgeti(call.L, -1, lua_Integer(position + 1))
                    defer { call.pop() }
                    values.append(try call.number(-1, "\(name).curve[\(position + 1)]"))
                }
            }
            return .cubicBezier(try mapped(name) { () throws(AnimationError) in
                try CubicBezier(values[0], values[1], values[2], values[3])
            })
        default:
            throw LuaCallError("\(name).curve must be a curve name or {x1, y1, x2, y2}")
        }
    }
}
