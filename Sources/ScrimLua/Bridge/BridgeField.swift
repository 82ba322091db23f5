/// A field of a bridged type (see `BridgedType`): its name, a doc line, how to read it, and how
/// to assign it — without a setter, the field is read-only.
@MainActor
struct BridgeField<Object: AnyObject> {
    /// Pushes the object's value of the field.
    typealias Getter = @MainActor (LuaCall, Object) -> Void
    /// Assigns the value at a stack index to the object's field; `name` is what errors call the
    /// field ("view.frame").
    typealias Setter = @MainActor (LuaCall, Object, _ valueIndex: Int32, _ name: String) throws -> Void

    let name: String
    let doc: String
    let get: Getter
    let set: Setter?

    init(_ name: String, _ doc: String, get: @escaping Getter, set: Setter? = nil) {
        self.name = name
        self.doc = doc
        self.get = get
        self.set = set
    }

    /// A read-only field: `get` is usually a key path (`\.superview`), which Swift makes a plain
    /// function (a `KeyPath` applied at run time would cost ten times as much).
    init<Value: LuaPushable>(_ name: String, _ doc: String, _ get: @escaping (Object) -> Value) {
        self.init(name, doc, get: { call, object in get(object).push(to: call) })
    }

    /// A field plugins can assign: `set` gets the value read and checked as `Value` reads.
    init<Value: LuaReadable>(
        _ name: String, _ doc: String, _ get: @escaping (Object) -> Value,
        set: @escaping (Object, Value) -> Void
    ) {
        self.init(
            name, doc, get: { call, object in get(object).push(to: call) },
            set: { call, object, value, name in set(object, try Value.read(call, at: value, name)) })
    }
}
