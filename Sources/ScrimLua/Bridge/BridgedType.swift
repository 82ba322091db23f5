/// A Swift class bridged to Lua as a handle type (SPEC §6.3), declared as one table: its fields
/// and its methods, each with its name and a doc line. `install(in:)` registers the handle's
/// metatable, whose `__index` and `__newindex` find the entry by name in a dictionary built once;
/// a name the type does not have raises "unknown field … on <type>; did you mean …".
/// `Plugins/scrim.d.lua` declares the same names (`BridgeTableTests` checks).
@MainActor
struct BridgedType<Object: AnyObject> {
    /// What assigning a field of a handle does.
    enum Assignment {
        /// A field with a setter takes the value; one without raises "<handle>.<field> is read-only".
        case byField
        /// Every assignment raises "<reason> (field '<field>')", whatever the object's state.
        case refused(reason: String)
    }

    /// The name the handles' metatable is registered under: "scrim.View".
    let typeName: String
    /// What unknown-field errors call the type: "View", "the context".
    let displayName: String
    /// What argument errors call a handle, and the prefix of "<handle>.<field> is read-only": "view".
    let handleName: String
    /// The object behind the handle at a stack index, or the error naming the argument.
    let object: @MainActor (LuaCall, _ index: Int32, _ argumentName: String) throws -> Object
    let assignment: Assignment
    let fields: [BridgeField<Object>]
    let methods: [BridgeMethod<Object>]
    private let fieldsByName: [String: BridgeField<Object>]
    /// Every field's and method's name, for suggestions.
    private let names: [String]

    init(
        typeName: String, displayName: String, handleName: String,
        object: @escaping @MainActor (LuaCall, Int32, String) throws -> Object, assignment: Assignment,
        fields: [BridgeField<Object>], methods: [BridgeMethod<Object>] = []
    ) {
        self.typeName = typeName
        self.displayName = displayName
        self.handleName = handleName
        self.object = object
        self.assignment = assignment
        self.fields = fields
        self.methods = methods
        fieldsByName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        names = fields.map(\.name) + methods.map(\.name)
        precondition(Set(names).count == names.count, "\(typeName) declares a name twice")
        if case .refused = assignment {
            precondition(fields.allSatisfy { $0.set == nil }, "\(typeName) refuses assignments but has a setter")
        }
    }

    /// What `__index` finds for a name: a field's getter, or a method's Lua function.
    private enum Member {
        case field(BridgeField<Object>.Getter)
        case method(LuaReference)
    }

    /// Registers the handles' metatable in `runtime`, with one Lua function per method.
    func install(in runtime: LuaRuntime) {
        var members: [String: Member] = [:]
        for field in fields { members[field.name] = .field(field.get) }
        for method in methods {
            let selfName = "\(method.name): self"
            let (object, body) = (object, method.body)
            members[method.name] = .method(runtime.makeFunction { call in try body(call, try object(call, 1, selfName)) })
        }
        runtime.defineHandleType(typeName, index: { [self] call in
            let object = try object(call, 1, handleName)
            let key = try call.string(2, "field")
            switch members[key] {
            case .field(let get): get(call, object)
            case .method(let function): call.push(function)
            case nil: throw unknownField(key)
            }
            return 1
        }, newIndex: { [self] call in
            switch assignment {
            case .refused(let reason):
                throw LuaCallError("\(reason) (field '\(try call.string(2, "field"))')")
            case .byField:
                let object = try object(call, 1, handleName)
                try set(try call.string(2, "field"), of: object, from: 3, call)
                return 0
            }
        })
    }

    /// Assigns the value at `index` to the field `key` of `object`, as `handle.key = value` does.
    func set(_ key: String, of object: Object, from index: Int32, _ call: LuaCall) throws {
        guard let field = fieldsByName[key] else { throw unknownField(key) }
        guard let set = field.set else { throw LuaCallError("\(handleName).\(key) is read-only") }
        try set(call, object, index)
    }

    private func unknownField(_ key: String) -> LuaCallError {
        let suggestion = NameSuggestion.closest(to: key, in: names)
        return LuaCallError("unknown field '\(key)' on \(displayName)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}
