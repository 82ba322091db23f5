import CLua
import ScrimCore

/// Views as userdata handles (Docs/LuaAPI.md, "Views"): the view properties as fields, the hierarchy methods, and
/// `presentation`. Setting a property inside an animation block animates it, as in Swift.
@MainActor
enum ViewBridge {
    static let table: BridgedType<View> = BridgedType(
        HandleKind(typeName: "scrim.View", expected: "a view", gone: "the view is gone (it was released by its owner)"),
        handleName: "view", assignment: .byField,
        fields: [
            BridgeField("id", "unique in its window", \.id),
            BridgeField("name", "a name for people, or nil", \.name, set: { $0.name = $1 }),
            BridgeField("tag", "an integer for the plugin's own use", \.tag, set: { $0.tag = $1 }),
            BridgeField("isHidden", "whether it and its subviews are not drawn", \.isHidden, set: { $0.isHidden = $1 }),
            BridgeField("clipsToBounds", "whether its subviews are clipped to its bounds", \.clipsToBounds, set: { $0.clipsToBounds = $1 }),
            BridgeField(
                "isUserInteractionEnabled", "whether taps and pans reach it and its subviews (false for labels and image views)",
                \.isUserInteractionEnabled, set: { $0.isUserInteractionEnabled = $1 }),
            BridgeField("frame", "in the superview's coordinates; animatable", \.frame, set: { $0.frame = $1 }),
            BridgeField("bounds", "in its own coordinates; animatable", \.bounds, set: { $0.bounds = $1 }),
            BridgeField("center", "the frame's center; animatable", \.center, set: { $0.center = $1 }),
            BridgeField(
                "transform", "the layer's transform as a 2-D scrim.Transform, about the anchor point; animatable",
                \.transform, set: { $0.transform = $1 }),
            BridgeField(
                "transform3D", "the layer's scrim.Transform3D, about the anchor point; animatable", \.transform3D, set: { $0.transform3D = $1 }),
            BridgeField("layer", "the view's layer: anchor point, depth, shadow, border", \.layer),
            BridgeField("alpha", "the opacity, 0 to 1; animatable", \.alpha, set: { $0.alpha = $1 }),
            BridgeField("backgroundColor", "animatable", \.backgroundColor, set: { $0.backgroundColor = $1 }),
            BridgeField("cornerRadius", "animatable", \.cornerRadius, set: { $0.cornerRadius = $1 }),
            BridgeField("superview", "nil when none", \.superview),
            BridgeField("subviews", "an array copy, back to front", \.subviews),
            BridgeField("presentation", "the values on screen now", \.presentation),
            BridgeField("window", "the window the view is in, or nil", \.window),
        ],
        methods: [
            BridgeMethod("addSubview", "adds a subview on top, moving it from its old superview") { call, view in
                let subview = try call.view(2, "addSubview")
                try checkCanAdd(subview, to: view, call)
                view.addSubview(subview)
                return 0
            },
            BridgeMethod("insertSubview", "inserts a subview at a 1-based index of subviews (clamped)") { call, view in
                let subview = try call.view(2, "insertSubview")
                try checkCanAdd(subview, to: view, call)
                call.charge(view.subviews.count / 8)
                view.insertSubview(subview, at: try call.integer(3, "insertSubview index") - 1)
                return 0
            },
            BridgeMethod("insertSubviewBelow", "inserts a subview right below a sibling") { call, view in
                try insertNextToSibling(in: view, "insertSubviewBelow", call) { view.insertSubview($0, belowSubview: $1) }
                return 0
            },
            BridgeMethod("insertSubviewAbove", "inserts a subview right above a sibling") { call, view in
                try insertNextToSibling(in: view, "insertSubviewAbove", call) { view.insertSubview($0, aboveSubview: $1) }
                return 0
            },
            BridgeMethod("bringSubviewToFront", "moves a subview on top of its siblings") { call, view in
                let subview = try call.view(2, "bringSubviewToFront")
                call.charge(view.subviews.count / 4)
                view.bringSubviewToFront(subview)
                return 0
            },
            BridgeMethod("sendSubviewToBack", "moves a subview below its siblings") { call, view in
                let subview = try call.view(2, "sendSubviewToBack")
                call.charge(view.subviews.count / 4)
                view.sendSubviewToBack(subview)
                return 0
            },
            BridgeMethod("removeFromSuperview", "takes the view out of its superview (and window)") { call, view in
                // Removal scans the siblings, and a view leaving the window takes its subtree's ids along.
                var leaving = 0
                if view.window != nil { view.forEachInSubtree { _ in leaving += 1 } }
                call.charge(leaving * viewWalkCost + (view.superview?.subviews.count ?? 0) / 8)
                view.removeFromSuperview()
                return 0
            },
            .returning("convertRect", "a rect in the view's coordinates in another's (nil: the window's)") { call, view in
                view.convert(try call.rect(2, "convertRect rect"), to: try call.optionalView(3, "convertRect to"))
            },
            .returning("convertPoint", "a point in the view's coordinates in another's (nil: the window's)") { call, view in
                view.convert(try call.point(2, "convertPoint point"), to: try call.optionalView(3, "convertPoint to"))
            },
            BridgeMethod("snapshot", "a new view that looks like this one now, subviews included") { call, view in
                var count = 0
                view.forEachInSubtree { _ in count += 1 }
                call.charge(count * viewWalkCost)
                try call.runtime.chargeHostObjects(count, kind: "view")
                let snapshot = view.snapshotView()
                snapshot.isMadeByPlugin = true
                call.runtime.hostObjects.record(snapshot, count: count)
                call.pushHandle(snapshot, typeName: handle(for: snapshot).typeName, retained: true)
                return 1
            },
            BridgeMethod("addGestureRecognizer", "attaches a pan gesture recognizer") { call, view in
                view.addGestureRecognizer(try call.panRecognizer(2, "addGestureRecognizer"))
                return 0
            },
            BridgeMethod("removeGestureRecognizer", "detaches a pan gesture recognizer") { call, view in
                view.removeGestureRecognizer(try call.panRecognizer(2, "removeGestureRecognizer"))
                return 0
            },
        ])

    /// The bridged subclasses: `scrim.Label`, `scrim.ImageView`.
    static let subclasses = [LabelBridge.bridge, ImageViewBridge.bridge]

    /// The handle kind of `view`: a subclass's for a label or an image view.
    static func handle(for view: View) -> HandleKind<View> {
        let viewClass = type(of: view)
        if viewClass == View.self { return table.handle }
        return subclasses.first { $0.viewClass == viewClass }?.table.handle ?? table.handle
    }

    /// A new view: `scrim.View.new{ id, name, frame, backgroundColor, alpha, cornerRadius }`.
    static func makeView(_ call: LuaCall) throws -> Int32 {
        try makeView(call, constructor: "View.new", ownFields: [], table: table) { id, frame in View(id: id, frame: frame) }
    }

    /// A new view made by `make`, its options (`View.new`'s and `ownFields`) set through `table`.
    static func makeView(
        _ call: LuaCall, constructor: String, ownFields: [String], table: BridgedType<View>, make: (String?, Rect) -> View
    ) throws -> Int32 {
        let options: Int32 = 1
        var id: String?
        var frame = Rect.zero
        if call.type(options) == LUA_TTABLE {
            try call.checkOptionKeys(options, OptionKeys.view + ownFields, constructor)
            if call.pushField(options, "id") > LUA_TNIL { id = try call.string(-1, "\(constructor) id") }
            call.pop()
            if call.pushField(options, "frame") > LUA_TNIL { frame = try call.rect(-1, "\(constructor) frame") }
            call.pop()
        } else if !call.isNil(options) {
            throw call.expected("a table of options", constructor, options)
        }
        try call.runtime.chargeHostObjects(1, kind: "view")
        let view = make(id, frame)
        view.isMadeByPlugin = true
        call.runtime.hostObjects.record(view)
        if call.type(options) == LUA_TTABLE {
            for key in OptionKeys.viewFields + ownFields {
                if call.pushField(options, key) > LUA_TNIL { try table.set(key, of: view, from: -1, call) }
                call.pop()
            }
        }
        call.pushHandle(view, typeName: table.typeName, retained: true)
        return 1
    }

    /// `insertSubviewBelow` and `insertSubviewAbove`: the subview (argument 2) goes next to the
    /// sibling (argument 3).
    private static func insertNextToSibling(
        in view: View, _ name: String, _ call: LuaCall, insert: (View, View) -> Void
    ) throws {
        let subview = try call.view(2, name)
        let sibling = try call.view(3, "\(name) sibling")
        try checkCanAdd(subview, to: view, call)
        call.charge(view.subviews.count / 4)
        insert(subview, sibling)
    }

    /// What walking one view of a subtree is charged, in instructions: the walk updates the
    /// window's id counts (a dictionary operation), about what 16 VM instructions cost.
    static let viewWalkCost = 16

    /// How deeply plugins may nest views, counting from the window: deeper hierarchies serve no
    /// transition, walking or releasing one recurses, and the window's snapshot must stay within
    /// the protocol's JSON nesting limit.
    static let maximumDepth = View.maximumDepth

    /// Whether `subview` may go into `view`: not into itself or its own subviews, not deeper than
    /// `maximumDepth`, and not with an id (its own or a subview's) another view of the window has
    /// (ids are unique in a window, Docs/LuaAPI.md). The walk is over `view`'s ancestors and `subview`'s
    /// subtree only, and is charged to the call's budget.
    static func checkCanAdd(_ subview: View, to view: View, _ call: LuaCall) throws {
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
}

extension LuaCall {
    func pop(_ count: Int32 = 1) { scrim_lua_pop(L, count) }

    /// The view behind a view handle at `index`: a plain view's, a label's or an image view's.
    func view(_ index: Int32, _ name: String) throws -> View {
        switch runtime.handle(at: index, typeName: ViewBridge.table.typeName, in: L) {
        case .alive(let view): return unsafeDowncast(view, to: View.self)
        case .gone: throw LuaCallError("\(name): \(ViewBridge.table.handle.gone)")
        case .notAHandle:
            let subclass = ViewBridge.subclasses.first { luaL_testudata(L, index, $0.table.typeName) != nil }
            return try object(subclass?.table.handle ?? ViewBridge.table.handle, at: index, name)
        }
    }

    func optionalView(_ index: Int32, _ name: String) throws -> View? {
        isNil(index) ? nil : try view(index, name)
    }

    func pushView(_ view: View?) {
        if let view { pushHandle(view, typeName: ViewBridge.handle(for: view).typeName) } else { pushNil() }
    }
}
