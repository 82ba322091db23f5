import CLua
import ScrimCore

/// `scrim.PropertyAnimator.new{ duration, curve | damping + velocity | spring }` and its methods
/// and fields (Docs/LuaAPI.md, "Property animators"). What traps in Swift (a programmer error)
/// raises a Lua error here, checked before the call, so a plugin can never crash the host.
@MainActor
enum PropertyAnimatorBridge {
    static let table: BridgedType<PropertyAnimator> = BridgedType(
        HandleKind(
            typeName: "scrim.PropertyAnimator", expected: "a PropertyAnimator", gone: "the property animator is gone"),
        handleName: "animator", assignment: .byField,
        fields: [
            BridgeField(
                "fractionComplete", "how far the animations are, as a fraction of time; settable while paused or inactive",
                get: { call, animator in call.push(animator.fractionComplete) },
                set: { call, animator, value, name in
                    guard !animator.isRunning, animator.state != .stopped else {
                        throw LuaCallError("\(name) can only be set while the animator is paused or inactive (it is \(animator.isRunning ? "running" : animator.state.rawValue))")
                    }
                    try call.engineCheck()
                    animator.fractionComplete = try call.number(value, name)
                }),
            BridgeField("isReversed", "whether the animations run back to their start", \.isReversed, set: { $0.isReversed = $1 }),
            BridgeField("state", "\"inactive\", \"active\" or \"stopped\"", \.state.rawValue),
            BridgeField("isRunning", "whether the animations are running now", \.isRunning),
            BridgeField("pausesOnCompletion", "whether it pauses at the end instead of finishing", \.pausesOnCompletion, set: { $0.pausesOnCompletion = $1 }),
            BridgeField("scrubsLinearly", "whether fractionComplete maps linearly to time while paused", \.scrubsLinearly, set: { $0.scrubsLinearly = $1 }),
            BridgeField("duration", "in seconds", \.duration),
        ],
        methods: [
            BridgeMethod("addAnimations", "adds an animation block (not once stopped)") { call, animator in
                guard animator.state != .stopped else { throw LuaCallError("addAnimations: the animator is stopped; finish it first") }
                try call.engineCheck()
                let block = try call.function(2, "addAnimations")
                let runtime = call.runtime
                try animator.addAnimations { try runtime.call(block) { _ in () } }
                return 0
            },
            BridgeMethod("addCompletion", "adds a completion; it receives where the animator ended") { call, animator in
                let block = try call.function(2, "addCompletion")
                let completion: (String) -> Void = call.runtime.callback(block, context: "animator completion")
                animator.addCompletion { position in completion(position.rawValue) }
                return 0
            },
            BridgeMethod("startAnimation", "starts the animations, after an optional delay") { call, animator in
                guard animator.state != .stopped else { throw LuaCallError("startAnimation: the animator is stopped; call finishAnimation first") }
                try call.engineCheck()
                let delay = try call.optionalNumber(2, "startAnimation delay") ?? 0
                try AnimationOptionsReader.mapped("startAnimation") { () throws(AnimationError) in
                    try animator.startAnimation(afterDelay: delay)
                }
                return 0
            },
            BridgeMethod("pauseAnimation", "pauses the animations") { call, animator in
                guard animator.state != .stopped else { throw LuaCallError("pauseAnimation: the animator is stopped; call finishAnimation first") }
                try call.engineCheck()
                animator.pauseAnimation()
                return 0
            },
            BridgeMethod("stopAnimation", "stops; with withoutFinishing false, finishAnimation must follow") { call, animator in
                animator.stopAnimation(call.bool(2))
                return 0
            },
            BridgeMethod("finishAnimation", "finishes a stopped animator at a position") { call, animator in
                guard animator.state == .stopped else {
                    throw LuaCallError("finishAnimation needs a stopped animator (call stopAnimation(false) first); it is \(animator.state.rawValue)")
                }
                let text = try call.string(2, "finishAnimation position")
                guard let position = PropertyAnimator.Position(rawValue: text) else {
                    throw LuaCallError("finishAnimation: the position must be \"start\", \"end\" or \"current\", got \"\(text)\"")
                }
                animator.finishAnimation(at: position)
                return 0
            },
            BridgeMethod("continueAnimation", "continues an active animator, optionally with new timing") { call, animator in
                try continueAnimation(animator, call)
                return 0
            },
        ])

    /// `PropertyAnimator.new{ … }`.
    static func makeAnimator(_ call: LuaCall) throws -> Int32 {
        guard call.type(1) == LUA_TTABLE else { throw call.expected("a table of options", "PropertyAnimator.new", 1) }
        try call.checkOptionKeys(1, OptionKeys.propertyAnimator, "PropertyAnimator.new")
        let duration = try call.numberField(1, "duration", "PropertyAnimator.new") ?? 0
        let timing = try AnimationOptionsReader.timing(call: call, table: 1, name: "PropertyAnimator.new")
        try call.runtime.chargeHostObjects(1, kind: "property animator")
        let animator = try AnimationOptionsReader.mapped("PropertyAnimator.new") { () throws(AnimationError) in
            try PropertyAnimator(duration: duration, timingParameters: timing)
        }
        call.runtime.hostObjects.record(animator)
        call.pushHandle(animator, typeName: table.typeName, retained: true)
        return 1
    }

    /// `a:continueAnimation{ curve / damping / spring, durationFactor }` (the options are optional).
    private static func continueAnimation(_ animator: PropertyAnimator, _ call: LuaCall) throws {
        let name = "continueAnimation"
        guard animator.state == .active else {
            throw LuaCallError("continueAnimation needs an active animator; it is \(animator.state.rawValue)")
        }
        var timing: TimingParameters?
        var factor = 1.0
        if call.type(2) == LUA_TTABLE {
            try call.checkOptionKeys(2, OptionKeys.continueAnimation, name)
            if call.pushField(2, "curve") > LUA_TNIL || call.pushField(2, "damping") > LUA_TNIL || call.pushField(2, "spring") > LUA_TNIL {
                timing = try AnimationOptionsReader.timing(call: call, table: 2, name: name)
            }
            lua_settop(call.L, 2)
            factor = try call.numberField(2, "durationFactor", name) ?? 1
        } else if !call.isNil(2) {
            throw call.expected("a table of options", name, 2)
        }
        try AnimationOptionsReader.mapped(name) { () throws(AnimationError) in
            try animator.continueAnimation(withTimingParameters: timing, durationFactor: factor)
        }
    }
}

extension LuaCall {
    func propertyAnimator(_ index: Int32, _ name: String) throws -> PropertyAnimator {
        try object(PropertyAnimatorBridge.table.handle, at: index, name)
    }

    /// A property animator needs an engine (it traps without one).
    func engineCheck() throws {
        guard AnimationEngine.current != nil else {
            throw LuaCallError("a PropertyAnimator needs a window with an animation engine")
        }
    }
}
