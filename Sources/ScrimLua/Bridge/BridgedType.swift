import CLua

/// A Swift class bridged to Lua as a handle type (Docs/LuaAPI.md, "Handles"), declared as one
/// table: its handles' kind, its fields and its methods, each with its name and a doc line.
/// `install(in:)` registers the handles' metatable, whose `__index` and `__newindex` find the
/// entry by name in a table built once; a name the type does not have raises "unknown field … on
/// <type>; did you mean …".
/// `Plugins/scrim.d.lua` declares the same names (`BridgeTableTests` checks).
@MainActor
final class BridgedType<Object: AnyObject> {
    /// What assigning a field of a handle does.
    enum Assignment {
        /// A field with a setter takes the value; one without raises "<handle>.<field> is read-only".
        case byField
        /// Every assignment raises "<reason> (field '<field>')", whatever the object's state.
        case refused(reason: String)
    }

    /// How its handles are found on the Lua stack and pushed, and the words of their argument errors.
    let handle: HandleKind<Object>
    /// What unknown-field errors call the type: its Lua type name without `scrim.` ("View"), or
    /// what `init` says ("the context").
    let displayName: String
    /// What argument errors call a handle, and the prefix of "<handle>.<field> is read-only": "view".
    let handleName: String
    let assignment: Assignment
    let fields: [BridgeField<Object>]
    let methods: [BridgeMethod<Object>]
    /// The name the handles' metatable is registered under: "scrim.View".
    var typeName: String { handle.typeName }
    /// The object behind the handle at a stack index, or the error naming the argument. It returns
    /// an `Object` (the handle's, or what `init`'s `object` returns), but typed `AnyObject` Swift
    /// calls it directly rather than through a thunk for a generic result.
    private let findObject: @MainActor (LuaCall, _ index: Int32, _ argumentName: String) throws -> AnyObject
    private let fieldsByName: [String: BridgeField<Object>]
    /// Every field's and method's name, for suggestions.
    private let names: [String]

    /// The type whose handles are `handle`. `object` finds the object behind a handle argument
    /// when it needs more than `LuaCall.object(_:at:_:)` (a check of its state).
    init(
        _ handle: HandleKind<Object>, displayName: String? = nil, handleName: String,
        object: (@MainActor (LuaCall, Int32, String) throws -> Object)? = nil, assignment: Assignment,
        fields: [BridgeField<Object>], methods: [BridgeMethod<Object>] = []
    ) {
        self.handle = handle
        self.displayName = displayName ?? String(handle.typeName.split(separator: ".").last ?? "")
        self.handleName = handleName
        self.assignment = assignment
        self.fields = fields
        self.methods = methods
        if let object {
            findObject = object
        } else {
            findObject = { call, index, name in try call.object(handle, at: index, name) }
        }
        fieldsByName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        names = fields.map(\.name) + methods.map(\.name)
        precondition(Set(names).count == names.count, "\(typeName) declares a name twice")
        if case .refused = assignment {
            precondition(fields.allSatisfy { $0.set == nil }, "\(typeName) refuses assignments but has a setter")
        }
    }

    /// Registers the handles' metatable in `runtime`. Dispatch finds a key in the members table
    /// made here, a Lua table from each field's name to its index in `fields` and from each
    /// method's name to its function: Lua strings are interned, so that look-up neither hashes
    /// text nor makes a Swift string.
    func install(in runtime: LuaRuntime) {
        let members = runtime.state.withUnsafeState { L in
            lua_createtable(L, 0, Int32(names.count))
            for (index, field) in fields.enumerated() {
                lua_pushinteger(L, lua_Integer(index))
                lua_setfield(L, -2, field.name)
            }
            for method in methods {
                let selfName = "\(method.name): self"
                let body = method.body
                runtime.pushFunction { [self] call in try body(call, try object(call, at: 1, selfName)) }
                lua_setfield(L, -2, method.name)
            }
            return runtime.state.makeReference()
        }
        // The accessors by field index, captured apart: faster than reaching them through `self`
        // or a `BridgeField` (whose strings a copy retains). A read-only field's setter raises.
        let getters = fields.map(\.get)
        let setters = fields.map { field in field.set ?? { [self] _, _, _, _ in throw readOnly(field.name) } }
        let qualifiedNames = fields.map { "\(handleName).\($0.name)" }
        runtime.defineHandleType(handle.typeName, index: { [self] call in
            let object = try object(call, at: 1, handleName)
            switch member(of: call, in: members) {
            case .field(let index): getters[index](call, object)
            case .method: break  // its function is on top of the stack: the result
            case nil: throw unknownField(try call.string(2, "field"))
            }
            return 1
        }, newIndex: { [self] call in
            switch assignment {
            case .refused(let reason):
                throw LuaCallError("\(reason) (field '\(try call.string(2, "field"))')")
            case .byField:
                let object = try object(call, at: 1, handleName)
                guard case .field(let index) = member(of: call, in: members) else {
                    throw unknownField(try call.string(2, "field"))
                }
                try setters[index](call, object, 3, qualifiedNames[index])
                return 0
            }
        })
    }

    /// Assigns the value at `index` to the field `key` of `object`, as `handle.key = value` does.
    func set(_ key: String, of object: Object, from index: Int32, _ call: LuaCall) throws {
        guard let field = fieldsByName[key] else { throw unknownField(key) }
        guard let set = field.set else { throw readOnly(key) }
        try set(call, object, index, "\(handleName).\(key)")
    }

    private func object(_ call: LuaCall, at index: Int32, _ name: String) throws -> Object {
        unsafeDowncast(try findObject(call, index, name), to: Object.self)
    }

    /// What a key names in the members table.
    private enum Member {
        /// A field: its index in `fields`.
        case field(Int)
        /// A method: its function is pushed.
        case method
    }

    /// The member the key at stack index 2 names (nil: none, or the key is not a string), found
    /// with raw access, which never raises. A method's function is left on top of the stack;
    /// otherwise the stack is as it was.
    private func member(of call: LuaCall, in members: LuaReference) -> Member? {
        let L = call.L
        guard lua_type(L, 2) == LUA_TSTRING else { return nil }
        lua_rawgeti(L, scrim_lua_registryindex(), lua_Integer(members.reference))
        lua_pushvalue(L, 2)
        let found = lua_rawget(L, -2)
        if found == LUA_TFUNCTION { return .method }
        defer { scrim_lua_pop(L, 2) }
        return found == LUA_TNUMBER ? .field(Int(scrim_lua_tointeger(L, -1))) : nil
    }

    private func readOnly(_ field: String) -> LuaCallError {
        LuaCallError("\(handleName).\(field) is read-only")
    }

    private func unknownField(_ key: String) -> LuaCallError {
        LuaCallError("unknown field '\(key)' on \(displayName)" + NameSuggestion.hint(for: key, in: names))
    }
}
