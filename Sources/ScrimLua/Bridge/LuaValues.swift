import CLua
import ScrimCore

/// The metatables of the `scrim` value types, kept by the runtime so Swift can push values Lua
/// code can use (`r.midX`, `t:concat(u)`, `c == scrim.Color.black`).
@MainActor
struct ValueMetatables {
    let geometry: LuaReference
    let transform: LuaReference
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

    func color(_ index: Int32, _ name: String) throws -> Color {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a color", name, index) }
        let color = Color(
            red: try requiredNumberField(index, "red", name), green: try requiredNumberField(index, "green", name),
            blue: try requiredNumberField(index, "blue", name), alpha: try numberField(index, "alpha", name) ?? 1)
        guard color.isFinite else { throw LuaCallError("\(name) must be finite") }
        return color
    }

    /// A plain table of a view's values (its presentation, say).
    func push(_ values: ViewValues) {
        lua_createtable(L, 0, 7)
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
    }
}
