import CLua
import ScrimCore

/// The metatables of the `scrim` value types, kept by the runtime so Swift can push values Lua
/// code can use (`r.midX`, `t:concat(u)`, `c == scrim.Color.black`).
@MainActor
struct ValueMetatables {
    let geometry: LuaReference
    let transform: LuaReference
    let transform3D: LuaReference
    let color: LuaReference
}

extension LuaCall {
    private var metatables: ValueMetatables { runtime.metatables! }

    private func setFields(_ fields: [(String, Double)], metatable: LuaReference) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            lua_pushnumber(L, value)
            lua_setfield(L, -2, key)
        }
        push(metatable)
        lua_setmetatable(L, -2)
    }

    func push(_ point: Point) { setFields([("x", point.x), ("y", point.y)], metatable: metatables.geometry) }

    func push(_ size: Size) {
        setFields([("width", size.width), ("height", size.height)], metatable: metatables.geometry)
    }

    func push(_ rect: Rect) {
        setFields(
            [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)],
            metatable: metatables.geometry)
    }

    func push(_ transform: AffineTransform) {
        setFields(
            [("a", transform.a), ("b", transform.b), ("c", transform.c), ("d", transform.d),
             ("tx", transform.tx), ("ty", transform.ty)],
            metatable: metatables.transform)
    }

    func push(_ transform: Transform3D) {
        setFields(Array(zip(OptionKeys.transform3D, transform.entriesInOrder)), metatable: metatables.transform3D)
    }

    func push(_ color: Color) {
        setFields(
            [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)],
            metatable: metatables.color)
    }

    func transform(_ index: Int32, _ name: String) throws -> AffineTransform {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a transform", name, index) }
        let transform = AffineTransform(
            a: try requiredNumberField(index, "a", name), b: try requiredNumberField(index, "b", name),
            c: try requiredNumberField(index, "c", name), d: try requiredNumberField(index, "d", name),
            tx: try requiredNumberField(index, "tx", name), ty: try requiredNumberField(index, "ty", name))
        guard transform.isFinite else { throw LuaCallError("\(name) must be finite") }
        return transform
    }

    /// A 3-D transform: a table with the number fields `m11` … `m44`. With `missingIsIdentity`
    /// (`scrim.Transform3D.new{ … }`), an entry left out is the identity's; otherwise each is required.
    func transform3D(_ index: Int32, _ name: String, missingIsIdentity: Bool = false) throws -> Transform3D {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a 3-D transform", name, index) }
        if !missingIsIdentity, isAffineTransform(index) {
            throw LuaCallError("\(name): expected a 3-D transform, got a 2-D one (scrim.Transform3D.affine(t) makes one of it)")
        }
        let identity = Transform3D.identity.entriesInOrder
        let entries = try zip(OptionKeys.transform3D, identity).map { key, entry in
            try missingIsIdentity ? numberField(index, key, name) ?? entry : requiredNumberField(index, key, name)
        }
        let transform = Transform3D(entriesInOrder: entries)
        guard transform.isFinite else { throw LuaCallError("\(name) must be finite, got \(transform)") }
        return transform
    }

    /// Whether the table at `index` looks like a `scrim.Transform` (an `a` field and no `m11`).
    private func isAffineTransform(_ index: Int32) -> Bool {
        let table = lua_absindex(L, index)
        let (m11, a) = (pushField(table, "m11"), pushField(table, "a"))
        pop(2)
        return m11 == LUA_TNIL && a != LUA_TNIL
    }

    func color(_ index: Int32, _ name: String) throws -> Color {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a color", name, index) }
        let color = Color(
            red: try requiredNumberField(index, "red", name), green: try requiredNumberField(index, "green", name),
            blue: try requiredNumberField(index, "blue", name), alpha: try numberField(index, "alpha", name) ?? 1)
        guard color.isFinite else { throw LuaCallError("\(name) must be finite") }
        return color
    }

    /// A plain table of a view's values (its presentation, say), its layer's included.
    func push(_ values: ViewValues) {
        lua_createtable(L, 0, 18)
        push(values.frame)
        lua_setfield(L, -2, "frame")
        push(values.bounds)
        lua_setfield(L, -2, "bounds")
        push(values.center)
        lua_setfield(L, -2, "center")
        push(values.transform)
        lua_setfield(L, -2, "transform")
        push(values.alpha)
        lua_setfield(L, -2, "alpha")
        push(values.backgroundColor)
        lua_setfield(L, -2, "backgroundColor")
        push(values.cornerRadius)
        lua_setfield(L, -2, "cornerRadius")
        push(values.transform3D)
        lua_setfield(L, -2, "transform3D")
        push(values.anchorPoint)
        lua_setfield(L, -2, "anchorPoint")
        push(values.zPosition)
        lua_setfield(L, -2, "zPosition")
        push(values.sublayerTransform)
        lua_setfield(L, -2, "sublayerTransform")
        push(values.shadowColor)
        lua_setfield(L, -2, "shadowColor")
        push(values.shadowOpacity)
        lua_setfield(L, -2, "shadowOpacity")
        push(values.shadowRadius)
        lua_setfield(L, -2, "shadowRadius")
        push(values.shadowOffset)
        lua_setfield(L, -2, "shadowOffset")
        push(values.borderWidth)
        lua_setfield(L, -2, "borderWidth")
        push(values.borderColor)
        lua_setfield(L, -2, "borderColor")
    }
}

extension Transform3D {
    /// A transform from its 16 entries in the order `m11, m12, … m44` (`OptionKeys.transform3D`).
    init(entriesInOrder e: [Double]) {
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// The 16 entries in the order `m11, m12, … m44`.
    var entriesInOrder: [Double] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }
}
