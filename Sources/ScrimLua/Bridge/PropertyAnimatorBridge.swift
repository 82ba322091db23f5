import CLua
import ScrimCore

/// `scrim.PropertyAnimator.new{ duration, curve | damping + velocity | spring }` and its methods
/// and fields (SPEC §6.3). What traps in Swift (a programmer error) raises a Lua error here,
/// checked before the call, so a plugin can never crash the host.
@MainActor
enum PropertyAnimatorBridge {
    static let typeName = "scrim.PropertyAnimator"
    static let fields = ["fractionComplete", "isReversed", "state", "isRunning", "pausesOnCompletion", "scrubsLinearly", "duration"]
    static let methodNames = [
        "addAnimations", "addCompletion", "startAnimation", "pauseAnimation", "stopAnimation", "finishAnimation",
        "continueAnimation",
    ]

    static func install(in runtime: LuaRuntime) {
        var methods: [String: LuaReference] = [:]
        for name in methodNames { methods[name] = runtime.makeFunction { call in try method(name, call) } }
        runtime.defineHandleType(typeName, index: { call in
            let animator = try call.propertyAnimator(1, "animator")
            let key = try call.string(2, "field")
            if let method = methods[key] {
                call.push(method)
                return 1
            }
            switch key {
            case "fractionComplete": call.push(animator.fractionComplete)
            case "isReversed": call.push(animator.isReversed)
            case "state": call.push(animator.state.rawValue)
            case "isRunning": call.push(animator.isRunning)
            case "pausesOnCompletion": call.push(animator.pausesOnCompletion)
            case "scrubsLinearly": call.push(animator.scrubsLinearly)
            case "duration": call.push(animator.duration)
            default: throw unknown(key)
            }
            return 1
        }, newIndex: { call in
            let animator = try call.propertyAnimator(1, "animator")
            let key = try call.string(2, "field")
            switch key {
            case "fractionComplete":
                guard !animator.isRunning, animator.state != .stopped else {
                    throw LuaCallError("fractionComplete can only be set while the animator is paused or inactive (it is \(animator.isRunning ? "running" : animator.state.rawValue))")
                }
                try call.engineCheck()
                animator.fractionComplete = try call.number(3, key)
            case "isReversed": animator.isReversed = call.bool(3)
            case "pausesOnCompletion": animator.pausesOnCompletion = call.bool(3)
            case "scrubsLinearly": animator.scrubsLinearly = call.bool(3)
            case "state", "isRunning", "duration": throw LuaCallError("animator.\(key) is read-only")
            default: throw unknown(key)
            }
            return 0
        })
    }

    /// `PropertyAnimator.new{ … }`.
    static func makeAnimator(_ call: LuaCall) throws -> Int32 {
        guard call.type(1) == LUA_TTABLE else { throw call.expected("a table of options", "PropertyAnimator.new", 1) }
        let duration = try call.numberField(1, "duration", "PropertyAnimator.new") ?? 0
        let timing = try AnimationOptionsReader.timing(call: call, table: 1, name: "PropertyAnimator.new")
        try call.runtime.chargeHostObjects(1, kind: "property animator")
        let animator = try AnimationOptionsReader.mapped("PropertyAnimator.new") { () throws(AnimationError) in
            try PropertyAnimator(duration: duration, timingParameters: timing)
        }
        call.runtime.hostObjects.record(animator)
        call.runtime.pushHandle(animator, typeName: typeName, retained: true)
        return 1
    }

    private static func method(_ name: String, _ call: LuaCall) throws -> Int32 {
        let animator = try call.propertyAnimator(1, "\(name): self")
        let runtime = call.runtime
        switch name {
        case "addAnimations":
            guard animator.state != .stopped else { throw LuaCallError("addAnimations: the animator is stopped; finish it first") }
            try call.engineCheck()
            let block = try call.function(2, "addAnimations")
            try animator.addAnimations { try runtime.call(block) { _ in () } }
        case "addCompletion":
            let block = try call.function(2, "addCompletion")
            let scope = runtime.currentScope
            animator.addCompletion { position in
                runtime.callReporting(block, context: "animator completion", scope: scope) { call in
                    call.push(position.rawValue)
                    return 1
                }
            }
        case "startAnimation":
            guard animator.state != .stopped else { throw LuaCallError("startAnimation: the animator is stopped; call finishAnimation first") }
            try call.engineCheck()
            let delay = try call.optionalNumber(2, "startAnimation delay") ?? 0
            try AnimationOptionsReader.mapped(name) { () throws(AnimationError) in try animator.startAnimation(afterDelay: delay) }
        case "pauseAnimation":
            guard animator.state != .stopped else { throw LuaCallError("pauseAnimation: the animator is stopped; call finishAnimation first") }
            try call.engineCheck()
            animator.pauseAnimation()
        case "stopAnimation":
            animator.stopAnimation(call.bool(2))
        case "finishAnimation":
            guard animator.state == .stopped else {
                throw LuaCallError("finishAnimation needs a stopped animator (call stopAnimation(false) first); it is \(animator.state.rawValue)")
            }
            let text = try call.string(2, "finishAnimation position")
            guard let position = PropertyAnimator.Position(rawValue: text) else {
                throw LuaCallError("finishAnimation: the position must be \"start\", \"end\" or \"current\", got \"\(text)\"")
            }
            animator.finishAnimation(at: position)
        case "continueAnimation":
            guard animator.state == .active else {
                throw LuaCallError("continueAnimation needs an active animator; it is \(animator.state.rawValue)")
            }
            var timing: TimingParameters?
            var factor = 1.0
            if call.type(2) == LUA_TTABLE {
                if call.pushField(2, "curve") > LUA_TNIL || call.pushField(2, "damping") > LUA_TNIL || call.pushField(2, "spring") > LUA_TNIL {
                    timing = try AnimationOptionsReader.timing(call: call, table: 2, name: name)
                }
                lua_settop(call.L, 2)
                factor = try call.numberField(2, "durationFactor", name) ?? 1
            }
            try AnimationOptionsReader.mapped(name) { () throws(AnimationError) in
                try animator.continueAnimation(withTimingParameters: timing, durationFactor: factor)
            }
        default:
            throw unknown(name)
        }
        return 0
    }

    static func unknown(_ key: String) -> LuaCallError {
        let suggestion = NameSuggestion.closest(to: key, in: fields + methodNames)
        return LuaCallError("unknown field '\(key)' on PropertyAnimator" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}

extension LuaCall {
    func propertyAnimator(_ index: Int32, _ name: String) throws -> PropertyAnimator {
        switch runtime.handle(at: index, typeName: PropertyAnimatorBridge.typeName, in: L) {
        case .alive(let object): return object as! PropertyAnimator
        case .gone: throw LuaCallError("\(name): the property animator is gone")
        case .notAHandle: throw expected("a PropertyAnimator", name, index)
        }
    }

    /// A property animator needs an engine (it traps without one).
    func engineCheck() throws {
        guard AnimationEngine.current != nil else {
            throw LuaCallError("a PropertyAnimator needs a window with an animation engine")
        }
    }
}
