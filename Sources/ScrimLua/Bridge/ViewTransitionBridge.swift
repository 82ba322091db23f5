import CLua
import ScrimCore

/// `scrim.View.transition(view, { duration, options, animations, completion })` and its from/to
/// form `scrim.View.transition(fromView, { to = toView, duration, options, completion })`
/// (Docs/LuaAPI.md, "View transitions"): UIKit's `UIView.transition(with:…)` and
/// `transition(from:to:…)`, whose options are UIKit's names as strings.
@MainActor
enum ViewTransitionBridge {
    /// The option names a Lua table may list, and what each stands for.
    static let optionNames: [(name: String, option: AnimationOptions)] = [
        ("transitionFlipFromLeft", .transitionFlipFromLeft), ("transitionFlipFromRight", .transitionFlipFromRight),
        ("transitionFlipFromTop", .transitionFlipFromTop), ("transitionFlipFromBottom", .transitionFlipFromBottom),
        ("transitionCrossDissolve", .transitionCrossDissolve), ("transitionCurlUp", .transitionCurlUp),
        ("transitionCurlDown", .transitionCurlDown), ("showHideTransitionViews", .showHideTransitionViews),
        ("curveEaseInOut", .curveEaseInOut), ("curveEaseIn", .curveEaseIn), ("curveEaseOut", .curveEaseOut),
        ("curveLinear", .curveLinear),
    ]

    static func transition(_ call: LuaCall) throws -> Int32 {
        let name = "View.transition"
        let view = try call.view(1, "\(name) view")
        guard call.type(2) == LUA_TTABLE else { throw LuaCallError("\(name) needs an options table as its second argument") }
        try call.checkOptionKeys(2, OptionKeys.viewTransition, name)
        let duration = try call.numberField(2, "duration", name) ?? 0
        let options = try readOptions(call, name)
        call.pushField(2, "to")
        let toView = try call.optionalView(-1, "\(name).to")
        call.pop()
        var animations: LuaReference?
        if call.pushField(2, "animations") > LUA_TNIL { animations = try call.function(-1, "\(name).animations") }
        call.pop()
        var completion: LuaReference?
        if call.pushField(2, "completion") > LUA_TNIL { completion = try call.function(-1, "\(name).completion") }
        call.pop()
        if toView != nil, animations != nil {
            throw LuaCallError("\(name): with 'to' the change is the swap of the two views; it takes no 'animations'")
        }
        if let toView {
            guard let superview = view.superview else {
                throw LuaCallError("\(name): the view '\(view.id)' is not in a superview, so there is nothing to put 'to' in")
            }
            if !options.contains(.showHideTransitionViews) { try ViewBridge.checkCanAdd(toView, to: superview, call) }
        }
        let runtime = call.runtime
        let finished: ((Bool) -> Void)? = completion.map { runtime.callback($0, context: "transition completion") }
        do {
            if let toView {
                try View.transition(from: view, to: toView, duration: duration, options: options, completion: finished)
            } else {
                try View.transition(
                    with: view, duration: duration, options: options,
                    animations: animations.map { function in { try runtime.call(function) { _ in () } } },
                    completion: finished)
            }
        } catch let error as AnimationError {
            throw LuaCallError("\(name): \(error)")
        }
        return 0
    }

    /// The `options` array of names; an unknown name, or two transitions, is an error naming it.
    private static func readOptions(_ call: LuaCall, _ name: String) throws -> AnimationOptions {
        defer { call.pop() }
        switch call.pushField(2, "options") {
        case LUA_TNIL: return []
        case LUA_TTABLE: break
        default: throw LuaCallError("\(name).options must be an array of option names, got \(call.typeName(-1))")
        }
        try call.checkOptionKeys(-1, [], arrayCount: optionNames.count, "\(name).options")
        var options: AnimationOptions = []
        var index = 1
        while lua_rawgeti(call.L, -1, lua_Integer(index)) != LUA_TNIL {
            let text = try call.string(-1, "\(name).options[\(index)]")
            call.pop()
            guard let option = optionNames.first(where: { $0.name == text })?.option else {
                throw LuaCallError(
                    "\(name).options[\(index)]: unknown option '\(text)'" + NameSuggestion.hint(for: text, in: optionNames.map(\.name)))
            }
            if option.transition != nil, options.transition != nil {
                throw LuaCallError("\(name).options[\(index)]: '\(text)' is a second transition; give one")
            }
            options.insert(option)
            index += 1
        }
        call.pop()
        return options
    }
}
