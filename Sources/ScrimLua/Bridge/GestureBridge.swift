import CLua
import ScrimCore

/// `scrim.PanGestureRecognizer.new{ action = function(g) … end, maximumNumberOfTouches = 1 }`
/// and its fields and methods (Docs/LuaAPI.md, "Gesture recognizers").
@MainActor
enum GestureBridge {
    static let table: BridgedType<PanGestureRecognizer> = BridgedType(
        HandleKind(
            typeName: "scrim.PanGestureRecognizer",
            expected: "a PanGestureRecognizer", gone: "the gesture recognizer is gone"),
        handleName: "gesture", assignment: .byField,
        fields: [
            BridgeField("state", "the UIKit case name", \.state.rawValue),
            BridgeField("view", "the view it is attached to, or nil", \.view),
            BridgeField("maximumNumberOfTouches", "the most touches it recognizes", \.maximumNumberOfTouches, set: { $0.maximumNumberOfTouches = $1 }),
            BridgeField("isEnabled", "whether it receives events", \.isEnabled, set: { $0.isEnabled = $1 }),
        ],
        methods: [
            .returning("translationInView", "the movement since it began, in a view's coordinates") { call, recognizer in
                recognizer.translation(in: try call.optionalView(2, "translationInView"))
            },
            BridgeMethod("setTranslation", "makes the translation in a view's coordinates a given point") { call, recognizer in
                let translation = try call.point(2, "setTranslation point")
                recognizer.setTranslation(translation, in: try call.optionalView(3, "setTranslation"))
                return 0
            },
            .returning("velocityInView", "points per second in a view's coordinates, over the last 0.1 s") { call, recognizer in
                recognizer.velocity(in: try call.optionalView(2, "velocityInView"))
            },
            .returning("locationInView", "the latest location in a view's coordinates") { call, recognizer in
                recognizer.location(in: try call.optionalView(2, "locationInView"))
            },
        ])

    /// `PanGestureRecognizer.new{ action, maximumNumberOfTouches }`.
    static func makeRecognizer(_ call: LuaCall) throws -> Int32 {
        if call.type(1) == LUA_TTABLE {
            try call.checkOptionKeys(1, OptionKeys.panGestureRecognizer, "PanGestureRecognizer.new")
        } else if !call.isNil(1) {
            throw call.expected("a table of options", "PanGestureRecognizer.new", 1)
        }
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
                        call.pushHandle(gesture, typeName: table.typeName, retained: true)
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
        call.pushHandle(recognizer, typeName: table.typeName, retained: true)
        return 1
    }
}

extension LuaCall {
    func panRecognizer(_ index: Int32, _ name: String) throws -> PanGestureRecognizer {
        try object(GestureBridge.table.handle, at: index, name)
    }
}
