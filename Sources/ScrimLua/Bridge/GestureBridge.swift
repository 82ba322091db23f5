import CLua
import ScrimCore

/// `scrim.PanGestureRecognizer.new{ action = function(g) … end, maximumNumberOfTouches = 1 }`
/// and its fields and methods (SPEC §6.3).
@MainActor
enum GestureBridge {
    static let typeName = "scrim.PanGestureRecognizer"
    static let fields = ["state", "view", "maximumNumberOfTouches", "isEnabled"]
    static let methodNames = ["translationInView", "setTranslation", "velocityInView", "locationInView"]

    static func install(in runtime: LuaRuntime) {
        var methods: [String: LuaReference] = [:]
        for name in methodNames { methods[name] = runtime.makeFunction { call in try method(name, call) } }
        runtime.defineHandleType(typeName, index: { call in
            let recognizer = try call.panRecognizer(1, "gesture")
            let key = try call.string(2, "field")
            if let method = methods[key] {
                call.push(method)
                return 1
            }
            switch key {
            case "state": call.push(recognizer.state.rawValue)
            case "view": call.pushView(recognizer.view)
            case "maximumNumberOfTouches": call.push(recognizer.maximumNumberOfTouches)
            case "isEnabled": call.push(recognizer.isEnabled)
            default: throw unknownField(key)
            }
            return 1
        }, newIndex: { call in
            let recognizer = try call.panRecognizer(1, "gesture")
            let key = try call.string(2, "field")
            switch key {
            case "maximumNumberOfTouches": recognizer.maximumNumberOfTouches = try call.integer(3, key)
            case "isEnabled": recognizer.isEnabled = call.bool(3)
            case "state", "view": throw LuaCallError("gesture.\(key) is read-only")
            default: throw unknownField(key)
            }
            return 0
        })
    }

    /// `PanGestureRecognizer.new{ action, maximumNumberOfTouches }`.
    static func makeRecognizer(_ call: LuaCall) throws -> Int32 {
        try call.runtime.chargeHostObjects(1, kind: "gesture recognizer")
        let recognizer = PanGestureRecognizer()
        call.runtime.hostObjects.record(recognizer)
        if call.type(1) == LUA_TTABLE {
            if call.pushField(1, "action") > LUA_TNIL {
                let action = try call.function(-1, "PanGestureRecognizer action")
                let runtime = call.runtime
                let scope = runtime.currentScope
                recognizer.addTarget { [weak runtime] gesture in
                    runtime?.callReporting(action, context: "gesture action", scope: scope) { call in
                        call.runtime.pushHandle(gesture, typeName: typeName, retained: true)
                        return 1
                    }
                }
            }
            call.pop()
            if call.pushField(1, "maximumNumberOfTouches") > LUA_TNIL {
                recognizer.maximumNumberOfTouches = try call.integer(-1, "PanGestureRecognizer.new maximumNumberOfTouches")
            }
            call.pop()
        }
        call.runtime.pushHandle(recognizer, typeName: typeName, retained: true)
        return 1
    }

    private static func method(_ name: String, _ call: LuaCall) throws -> Int32 {
        let recognizer = try call.panRecognizer(1, "\(name): self")
        switch name {
        case "translationInView": call.push(recognizer.translation(in: try call.optionalView(2, name)))
        case "velocityInView": call.push(recognizer.velocity(in: try call.optionalView(2, name)))
        case "locationInView": call.push(recognizer.location(in: try call.optionalView(2, name)))
        case "setTranslation":
            recognizer.setTranslation(try call.point(2, "setTranslation point"), in: try call.optionalView(3, name))
            return 0
        default: throw unknownField(name)
        }
        return 1
    }

    static func unknownField(_ key: String) -> LuaCallError {
        let suggestion = NameSuggestion.closest(to: key, in: fields + methodNames)
        return LuaCallError("unknown field '\(key)' on PanGestureRecognizer" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}

extension LuaCall {
    func panRecognizer(_ index: Int32, _ name: String) throws -> PanGestureRecognizer {
        switch runtime.handle(at: index, typeName: GestureBridge.typeName, in: L) {
        case .alive(let object): return object as! PanGestureRecognizer
        case .gone: throw LuaCallError("\(name): the gesture recognizer is gone")
        case .notAHandle: throw expected("a PanGestureRecognizer", name, index)
        }
    }
}
