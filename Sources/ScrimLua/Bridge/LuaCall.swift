import CLua
import CLuaRuntime
import ScrimCore

/// What a Swift function sees of its call from Lua: the arguments, and a way to push results.
///
/// Every read uses raw access (`lua_rawget`, `lua_to…`), which never runs Lua code and never
/// raises, so nothing here can longjmp over Swift. A wrong argument throws `LuaCallError`, which
/// the trampoline raises in Lua with the caller's position.
@MainActor
struct LuaCall {
    let L: OpaquePointer
    let runtime: LuaRuntime

    var count: Int32 { lua_gettop(L) }

    /// Charges `work` (roughly, VM instructions' worth) done in Swift for this call to the call's
    /// budget; when that spends it, the trampoline raises the budget's error as the call returns.
    func charge(_ work: Int) {
        _ = scrim_charge(scrim_limits_of(L), Int64(work))
    }

    func type(_ index: Int32) -> Int32 { lua_type(L, index) }

    func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

    // MARK: Reading

    /// A number; a numeric string is refused, as Swift's types would.
    func number(_ index: Int32, _ name: String) throws -> Double {
        guard let value = rawNumber(index) else { throw expected("a number", name, index) }
        return value
    }

    /// The value at `index` if it is a number (a string is not converted).
    private func rawNumber(_ index: Int32) -> Double? {
        lua_type(L, index) == LUA_TNUMBER ? scrim_lua_tonumber(L, index) : nil
    }

    func optionalNumber(_ index: Int32, _ name: String) throws -> Double? {
        isNil(index) ? nil : try number(index, name)
    }

    func finiteNumber(_ index: Int32, _ name: String) throws -> Double {
        let value = try number(index, name)
        guard value.isFinite else { throw LuaCallError("\(name) must be a finite number, got \(value)") }
        return value
    }

    /// A whole number that fits an `Int` (converting a larger double would trap).
    func integer(_ index: Int32, _ name: String) throws -> Int {
        let value = try finiteNumber(index, name)
        guard value == value.rounded(), abs(value) < 9.0e15 else {
            throw LuaCallError("\(name) must be a whole number, got \(value)")
        }
        return Int(value)
    }

    func string(_ index: Int32, _ name: String) throws -> String {
        guard lua_type(L, index) == LUA_TSTRING, let text = scrim_lua_tostring(L, index) else {
            throw expected("a string", name, index)
        }
        return String(cString: text)
    }

    func optionalString(_ index: Int32, _ name: String) throws -> String? {
        isNil(index) ? nil : try string(index, name)
    }

    func bool(_ index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The function at `index`, kept in the registry.
    func function(_ index: Int32, _ name: String) throws -> LuaReference {
        guard lua_type(L, index) == LUA_TFUNCTION else { throw expected("a function", name, index) }
        lua_pushvalue(L, index)
        return runtime.state.makeReference(popping: L)
    }

    func optionalFunction(_ index: Int32, _ name: String) throws -> LuaReference? {
        isNil(index) ? nil : try function(index, name)
    }

    /// The table at `index`, kept in the registry.
    func table(_ index: Int32, _ name: String) throws -> LuaReference {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a table", name, index) }
        lua_pushvalue(L, index)
        return runtime.state.makeReference(popping: L)
    }

    /// A raw field of the table at `index` pushed on the stack; returns its type.
    @discardableResult
    func pushField(_ index: Int32, _ key: String) -> Int32 {
        let absolute = lua_absindex(L, index)
        lua_pushstring(L, key)
        return lua_rawget(L, absolute)
    }

    /// A number field of the table at `index` (nil when absent).
    func numberField(_ index: Int32, _ key: String, _ context: String) throws -> Double? {
        let type = pushField(index, key)
        defer { scrim_lua_pop(L, 1) }
        if type <= LUA_TNIL { return nil }
        guard let value = rawNumber(-1) else { throw LuaCallError("\(context).\(key) must be a number, got \(typeName(-1))") }
        return value
    }

    func requiredNumberField(_ index: Int32, _ key: String, _ context: String) throws -> Double {
        guard let value = try numberField(index, key, context) else {
            throw LuaCallError("\(context) needs a number field '\(key)'")
        }
        return value
    }

    /// Refuses the first key of the table at `index` that is neither one of `allowed` nor an
    /// array index up to `arrayCount`: "<context>: unknown option 'durration'; did you mean
    /// 'duration'?" (Docs/LuaAPI.md). The walk is raw (`lua_next`) and ends at the first unknown
    /// key, so it visits at most `allowed.count + arrayCount + 1` keys.
    func checkOptionKeys(_ index: Int32, _ allowed: [String], arrayCount: Int = 0, _ context: String) throws {
        let table = lua_absindex(L, index)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            pop()
            let unknown: String
            switch lua_type(L, -1) {
            case LUA_TSTRING:
                let key = String(cString: scrim_lua_tostring(L, -1))
                if allowed.contains(key) { continue }
                if let name = OptionKeys.uikitNames[key], allowed.contains(name) {
                    unknown = "'\(key)'; did you mean '\(name)'? (UIKit's \(key):)"
                } else {
                    unknown = "'\(key)'" + NameSuggestion.hint(for: key, in: allowed)
                }
            case LUA_TNUMBER where lua_isinteger(L, -1) != 0:
                let key = scrim_lua_tointeger(L, -1)
                if key >= 1, key <= arrayCount { continue }
                unknown = "[\(key)]"
            case LUA_TNUMBER: unknown = "[\(scrim_lua_tonumber(L, -1))]"
            case LUA_TBOOLEAN: unknown = "[\(bool(-1))]"
            default: unknown = "[\(typeName(-1))]"
            }
            pop()
            throw LuaCallError("\(context): unknown option \(unknown)")
        }
    }

    func typeName(_ index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    // MARK: Geometry (plain tables)

    func point(_ index: Int32, _ name: String) throws -> Point {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a point {x, y}", name, index) }
        let point = Point(x: try requiredNumberField(index, "x", name), y: try requiredNumberField(index, "y", name))
        guard point.isFinite else { throw LuaCallError("\(name) must be finite, got (\(point.x), \(point.y))") }
        return point
    }

    func size(_ index: Int32, _ name: String) throws -> Size {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a size {width, height}", name, index) }
        let size = Size(
            width: try requiredNumberField(index, "width", name), height: try requiredNumberField(index, "height", name))
        guard size.isFinite else { throw LuaCallError("\(name) must be finite, got \(size.width)×\(size.height)") }
        return size
    }

    func rect(_ index: Int32, _ name: String) throws -> Rect {
        guard lua_type(L, index) == LUA_TTABLE else { throw expected("a rect {x, y, width, height}", name, index) }
        let rect = Rect(
            x: try requiredNumberField(index, "x", name), y: try requiredNumberField(index, "y", name),
            width: try requiredNumberField(index, "width", name), height: try requiredNumberField(index, "height", name))
        guard rect.isFinite else { throw LuaCallError("\(name) must be finite, got \(rect)") }
        return rect
    }

    func expected(_ what: String, _ name: String, _ index: Int32) -> LuaCallError {
        LuaCallError("\(name): expected \(what), got \(typeName(index))")
    }

    // MARK: Pushing

    func push(_ value: Double) { lua_pushnumber(L, value) }
    func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    func push(_ value: String) { lua_pushstring(L, value) }
    func pushNil() { lua_pushnil(L) }
    // A callback may run on a coroutine: what it pushes goes on that thread's stack, `L`.
    func push(_ reference: LuaReference) { runtime.state.push(reference, onto: L) }

    /// Whether the value at `index` is the very value `reference` holds (`rawequal`: no metamethod).
    func isSame(_ index: Int32, as reference: LuaReference) -> Bool {
        let absolute = lua_absindex(L, index)
        push(reference)
        defer { pop() }
        return lua_rawequal(L, absolute, -1) != 0
    }

    /// Pushes the handle of `object` (see `LuaRuntime.pushHandle`) on this call's stack.
    func pushHandle(_ object: AnyObject, typeName: String, retained: Bool = false) {
        runtime.pushHandle(object, typeName: typeName, retained: retained, onto: L)
    }

    // MARK: Stack and tables (raw: no metamethod runs, and no allocation fails while Swift runs)

    /// The value at `index`, kept in the registry.
    func reference(_ index: Int32) -> LuaReference {
        lua_pushvalue(L, index)
        return runtime.state.makeReference(popping: L)
    }

    /// Pushes a copy of the value at `index`.
    func pushValue(_ index: Int32) { lua_pushvalue(L, index) }

    /// Removes the value at `index`, moving the ones above it down.
    func remove(_ index: Int32) { scrim_lua_remove(L, index) }

    /// Pushes a new table with room for `array` elements and `fields` other fields.
    func newTable(array: Int = 0, fields: Int = 0) { lua_createtable(L, Int32(array), Int32(fields)) }

    /// Pops the value on top into field `key` of the table below it.
    func setField(_ key: String) {
        lua_pushstring(L, key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, -3)
    }
}
