import ScrimCore

/// A `View` subclass bridged to Lua (Docs/LuaAPI.md, "Labels and image views"): its handles have
/// every view field and method and go wherever a view does, with the subclass's own fields;
/// `new` takes every `View.new` option and those fields.
@MainActor
struct ViewSubclassBridge {
    let table: BridgedType<View>
    /// The subclass's own fields, which `new` also takes as options.
    let ownFields: [String]
    let viewClass: View.Type
    /// A new instance (`Label(id:frame:)`).
    let make: @MainActor (String?, Rect) -> View

    /// `scrim.<displayName>`, whose handles are `<handleName>`s, with `fields` besides a view's.
    init(
        displayName: String, handleName: String, type: View.Type, fields: [BridgeField<View>],
        make: @escaping @MainActor (String?, Rect) -> View
    ) {
        table = BridgedType(
            HandleKind(typeName: "scrim.\(displayName)", expected: "a view", gone: "the \(handleName) is gone (it was released by its owner)"),
            handleName: handleName, object: { call, index, name in try call.view(index, name) },
            assignment: .byField, fields: ViewBridge.table.fields + fields, methods: ViewBridge.table.methods)
        ownFields = fields.map(\.name)
        viewClass = type
        self.make = make
    }

    /// `scrim.<displayName>.new{ … }`.
    func makeView(_ call: LuaCall) throws -> Int32 {
        try ViewBridge.makeView(call, constructor: "\(table.displayName).new", ownFields: ownFields, table: table, make: make)
    }
}

extension LuaCall {
    /// A case of `T` by its name (`"bold"`); an error naming `name`, with a suggestion, otherwise.
    func caseName<T: RawRepresentable & CaseIterable>(_ index: Int32, _ name: String, _ type: T.Type) throws -> T
    where T.RawValue == String {
        let text = try string(index, name)
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            throw LuaCallError(
                "\(name): expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\""
                    + NameSuggestion.hint(for: text, in: names))
        }
        return value
    }
}
