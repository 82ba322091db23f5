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
        let view = View(id: id, frame: frame)
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
            try checkNotAncestor(subview, of: view)
            view.addSubview(subview)
        case "insertSubview":
            let subview = try call.view(2, "insertSubview")
            try checkNotAncestor(subview, of: view)
            view.insertSubview(subview, at: try call.integer(3, "insertSubview index") - 1)
        case "insertSubviewBelow", "insertSubviewAbove":
            let subview = try call.view(2, name)
            let sibling = try call.view(3, "\(name) sibling")
            try checkNotAncestor(subview, of: view)
            if name == "insertSubviewBelow" {
                view.insertSubview(subview, belowSubview: sibling)
            } else {
                view.insertSubview(subview, aboveSubview: sibling)
            }
        case "bringSubviewToFront": view.bringSubviewToFront(try call.view(2, name))
        case "sendSubviewToBack": view.sendSubviewToBack(try call.view(2, name))
        case "removeFromSuperview": view.removeFromSuperview()
        case "convertRect":
            call.push(view.convert(try call.rect(2, "convertRect rect"), to: try call.optionalView(3, "convertRect to")))
            return 1
        case "convertPoint":
            call.push(view.convert(try call.point(2, "convertPoint point"), to: try call.optionalView(3, "convertPoint to")))
            return 1
        case "snapshot":
            call.runtime.pushHandle(view.snapshotView(), typeName: typeName, retained: true)
            return 1
        case "addGestureRecognizer": view.addGestureRecognizer(try call.panRecognizer(2, name))
        case "removeGestureRecognizer": view.removeGestureRecognizer(try call.panRecognizer(2, name))
        default:
            throw unknownField(name)
        }
        return 0
    }

    private static func checkNotAncestor(_ subview: View, of view: View) throws {
        if subview === view || view.isDescendant(of: subview) {
            throw LuaCallError("a view cannot be added inside itself or its own subview")
        }
        // Ids are unique in a window (SPEC §2): adding a view whose id (or a subview's) is taken
        // by another view of the window is refused.
        guard let window = view.window else { return }
        var taken: [String: View] = [:]
        func collect(_ node: View) {
            taken[node.id] = node
            for child in node.subviews { collect(child) }
        }
        collect(window)
        func check(_ node: View) throws {
            if let other = taken[node.id], other !== node {
                throw LuaCallError("a view with id '\(node.id)' is already in the window; give the new view another id")
            }
            for child in node.subviews { try check(child) }
        }
        try check(subview)
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
