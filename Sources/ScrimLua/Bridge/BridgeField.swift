/// A field of a bridged type (see `BridgedType`): its name, a doc line, how to read it, and how
/// to assign it — without a setter, the field is read-only.
@MainActor
struct BridgeField<Object: AnyObject> {
    /// Pushes the object's value of the field.
    typealias Getter = @MainActor (LuaCall, Object) -> Void
    /// Assigns the value at a stack index to the object's field.
    typealias Setter = @MainActor (LuaCall, Object, _ valueIndex: Int32) throws -> Void

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
}
