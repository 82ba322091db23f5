import CLua
import ScrimCore

/// Views as userdata handles (SPEC §6.3): the §2 properties as fields, the hierarchy methods, and
/// `presentation`. Setting a property inside an animation block animates it, as in Swift.
@MainActor
enum ViewBridge {
    static let typeName = "scrim.View"

    static let fields = [
        "id", "name", "tag", "isHidden", "clipsToBounds", "frame", "bounds", "center", "transform", "alpha",
        "backgroundColor", "cornerRadius", "superview", "subviews", "presentation", "window",
    ]

    static let methodNames = [
        "addSubview", "insertSubview", "insertSubviewBelow", "insertSubviewAbove", "bringSubviewToFront",
        "sendSubviewToBack", "removeFromSuperview", "convertRect", "convertPoint", "snapshot",
        "addGestureRecognizer", "removeGestureRecognizer",
    ]

    static func install(in runtime: LuaRuntime) {
        var methods: [String: LuaReference] = [:]
        for name in methodNames { methods[name] = runtime.makeFunction { call in try method(name, call) } }
        runtime.defineHandleType(typeName, index: { call in
            let view = try call.view(1, "view")
            let key = try call.string(2, "field")
            if let method = methods[key] {
                call.push(method)
                return 1
            }
            return try get(key, of: view, call)
        }, newIndex: { call in
            let view = try call.view(1, "view")
            let key = try call.string(2, "field")
            try set(key, of: view, from: 3, call)
            return 0
        })
    }

    /// A new view: `scrim.View.new{ id, name, frame, backgroundColor, alpha, cornerRadius }`.
    static func makeView(_ call: LuaCall) throws -> Int32 {
        let options: Int32 = 1
        var id: String?
        var frame = Rect.zero
        if call.type(options) == LUA_TTABLE {
            if call.pushField(options, "id") > LUA_TNIL { id = try call.string(-1, "View.new id") }
            call.pop()
            if call.pushField(options, "frame") > LUA_TNIL { frame = try call.rect(-1, "View.new frame") }
            call.pop()
        } else if !call.isNil(options) {
            throw call.expected("a table of options", "View.new", options)
        }
        try call.runtime.chargeHostObjects(1, kind: "view")
        let view = View(id: id, frame: frame)
        call.runtime.hostObjects.record(view)
        if call.type(options) == LUA_TTABLE {
            for key in ["name", "backgroundColor", "alpha", "cornerRadius", "transform", "isHidden", "clipsToBounds", "tag"] {
                if call.pushField(options, key) > LUA_TNIL { try set(key, of: view, from: -1, call) }
                call.pop()
            }
        }
        call.runtime.pushHandle(view, typeName: typeName, retained: true)
        return 1
    }

    private static func get(_ key: String, of view: View, _ call: LuaCall) throws -> Int32 {
        switch key {
        case "id": call.push(view.id)
        case "name": if let name = view.name { call.push(name) } else { call.pushNil() }
        case "tag": call.push(view.tag)
        case "isHidden": call.push(view.isHidden)
        case "clipsToBounds": call.push(view.clipsToBounds)
        case "frame": call.push(view.frame)
        case "bounds": call.push(view.bounds)
        case "center": call.push(view.center)
        case "transform": call.push(view.transform)
        case "alpha": call.push(view.alpha)
        case "backgroundColor": call.push(view.backgroundColor)
        case "cornerRadius": call.push(view.cornerRadius)
        case "superview": call.pushView(view.superview)
        case "window": call.pushView(view.window)
        case "subviews":
            // One handle per subview (a look-up, and a userdata the first time): charged as a walk.
            call.charge(view.subviews.count * viewWalkCost)
            lua_createtable(call.L, Int32(view.subviews.count), 0)
            for (index, subview) in view.subviews.enumerated() {
                call.pushView(subview)
                lua_rawseti(call.L, -2, lua_Integer(index + 1))
            }
        case "presentation": call.push(view.presentation)
        default:
            throw unknownField(key)
        }
        return 1
    }

    private static func set(_ key: String, of view: View, from index: Int32, _ call: LuaCall) throws {
        switch key {
        case "name": view.name = try call.optionalString(index, "view.name")
        case "tag": view.tag = try call.integer(index, "view.tag")
        case "isHidden": view.isHidden = call.bool(index)
        case "clipsToBounds": view.clipsToBounds = call.bool(index)
        case "frame": view.frame = try call.rect(index, "view.frame")
        case "bounds": view.bounds = try call.rect(index, "view.bounds")
        case "center": view.center = try call.point(index, "view.center")
        case "transform": view.transform = try call.transform(index, "view.transform")
        case "alpha": view.alpha = try call.finiteNumber(index, "view.alpha")
        case "backgroundColor": view.backgroundColor = try call.color(index, "view.backgroundColor")
        case "cornerRadius": view.cornerRadius = try call.finiteNumber(index, "view.cornerRadius")
        case "id", "superview", "subviews", "presentation", "window":
            throw LuaCallError("view.\(key) is read-only")
        default:
            throw unknownField(key)
        }
    }

    private static func method(_ name: String, _ call: LuaCall) throws -> Int32 {
        let view = try call.view(1, "\(name): self")
        switch name {
        case "addSubview":
            let subview = try call.view(2, "addSubview")
            try checkCanAdd(subview, to: view, call)
            view.addSubview(subview)
        case "insertSubview":
            let subview = try call.view(2, "insertSubview")
            try checkCanAdd(subview, to: view, call)
            call.charge(view.subviews.count / 8)
            view.insertSubview(subview, at: try call.integer(3, "insertSubview index") - 1)
        case "insertSubviewBelow", "insertSubviewAbove":
            let subview = try call.view(2, name)
            let sibling = try call.view(3, "\(name) sibling")
            try checkCanAdd(subview, to: view, call)
            call.charge(view.subviews.count / 4)
            if name == "insertSubviewBelow" {
                view.insertSubview(subview, belowSubview: sibling)
            } else {
                view.insertSubview(subview, aboveSubview: sibling)
            }
        case "bringSubviewToFront", "sendSubviewToBack":
            let subview = try call.view(2, name)
            call.charge(view.subviews.count / 4)
            if name == "bringSubviewToFront" { view.bringSubviewToFront(subview) } else { view.sendSubviewToBack(subview) }
        case "removeFromSuperview":
            // Removal scans the siblings, and a view leaving the window takes its subtree's ids along.
            var leaving = 0
            if view.window != nil { view.forEachInSubtree { _ in leaving += 1 } }
            call.charge(leaving * viewWalkCost + (view.superview?.subviews.count ?? 0) / 8)
            view.removeFromSuperview()
        case "convertRect":
            call.push(view.convert(try call.rect(2, "convertRect rect"), to: try call.optionalView(3, "convertRect to")))
            return 1
        case "convertPoint":
            call.push(view.convert(try call.point(2, "convertPoint point"), to: try call.optionalView(3, "convertPoint to")))
            return 1
        case "snapshot":
            var count = 0
            view.forEachInSubtree { _ in count += 1 }
            call.charge(count * viewWalkCost)
            try call.runtime.chargeHostObjects(count, kind: "view")
            let snapshot = view.snapshotView()
            call.runtime.hostObjects.record(snapshot, count: count)
            call.runtime.pushHandle(snapshot, typeName: typeName, retained: true)
            return 1
        case "addGestureRecognizer": view.addGestureRecognizer(try call.panRecognizer(2, name))
        case "removeGestureRecognizer": view.removeGestureRecognizer(try call.panRecognizer(2, name))
        default:
            throw unknownField(name)
        }
        return 0
    }

    /// What walking one view of a subtree is charged, in instructions: the walk updates the
    /// window's id counts (a dictionary operation), about what 16 VM instructions cost.
    static let viewWalkCost = 16

    /// How deeply plugins may nest views: deeper hierarchies serve no transition, and walking or
    /// releasing one recurses.
    static let maximumDepth = 1_000

    /// Whether `subview` may go into `view`: not into itself or its own subviews, not deeper than
    /// `maximumDepth`, and not with an id (its own or a subview's) another view of the window has
    /// (ids are unique in a window, SPEC §2). The walk is over `view`'s ancestors and `subview`'s
    /// subtree only, and is charged to the call's budget.
    private static func checkCanAdd(_ subview: View, to view: View, _ call: LuaCall) throws {
        var depth = 0
        var root = view
        var ancestor: View? = view
        while let current = ancestor {
            if current === subview { throw LuaCallError("a view cannot be added inside itself or its own subview") }
            depth += 1
            root = current
            ancestor = current.superview
        }
        let window = root as? Window
        let alreadyInWindow = window != nil && subview.window === window
        var visited = 0
        var height = 0
        var pending: [(View, Int)] = [(subview, 1)]
        while let (node, level) = pending.popLast() {
            visited += 1
            height = max(height, level)
            if let window, window.viewCount(withID: node.id) > (alreadyInWindow ? 1 : 0) {
                call.charge(depth + visited * viewWalkCost)
                throw LuaCallError("a view with id '\(node.id)' is already in the window; give the new view another id")
            }
            for child in node.subviews { pending.append((child, level + 1)) }
        }
        // Leaving the old superview scans its subviews.
        call.charge(depth + visited * viewWalkCost + (subview.superview?.subviews.count ?? 0) / 8)
        if depth + height > maximumDepth {
            throw LuaCallError("views nest at most \(maximumDepth) levels deep; this would make \(depth + height)")
        }
    }

    static func unknownField(_ key: String) -> LuaCallError {
        let suggestion = NameSuggestion.closest(to: key, in: fields + methodNames)
        return LuaCallError("unknown field '\(key)' on View" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}

extension LuaCall {
    func pop(_ count: Int32 = 1) { scrim_lua_pop(L, count) }

    /// The view behind the handle at `index`.
    func view(_ index: Int32, _ name: String) throws -> View {
        switch runtime.handle(at: index, typeName: ViewBridge.typeName, in: L) {
        case .alive(let object): return object as! View
        case .gone: throw LuaCallError("\(name): the view is gone (it was released by its owner)")
        case .notAHandle: throw expected("a view", name, index)
        }
    }

    func optionalView(_ index: Int32, _ name: String) throws -> View? {
        isNil(index) ? nil : try view(index, name)
    }

    func pushView(_ view: View?) {
        if let view { runtime.pushHandle(view, typeName: ViewBridge.typeName) } else { pushNil() }
    }
}
