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

    /// A read-only field: the value at `keyPath`.
    init<Value: LuaPushable>(_ name: String, _ doc: String, _ keyPath: KeyPath<Object, Value>) {
        self.init(name, doc, get: { call, object in object[keyPath: keyPath].push(to: call) })
    }

    /// A field plugins can assign: the value at `keyPath`, read and checked as `Value` reads.
    init<Value: LuaReadable>(_ name: String, _ doc: String, assignable keyPath: ReferenceWritableKeyPath<Object, Value>) {
        self.init(
            name, doc, get: { call, object in object[keyPath: keyPath].push(to: call) },
            set: { call, object, value, name in object[keyPath: keyPath] = try Value.read(call, at: value, name) })
    }
}
