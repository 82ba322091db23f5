/// How the handles of one bridged class are found on the Lua stack and pushed onto it: the name
/// of their metatable, and the words of the two errors an argument can get — not a handle of this
/// kind ("expected a view"), or a handle whose object is gone ("the view is gone").
struct HandleKind<Object: AnyObject>: Sendable {
    /// The name the handles' metatable is registered under: "scrim.View".
    let typeName: String
    /// What an argument that is not such a handle should have been: "a view".
    let expected: String
    /// What the error says of a handle whose object is gone: "the view is gone".
    let gone: String
}

extension LuaCall {
    /// The object behind the handle of `kind` at `index`; an argument error of the function or
    /// method `name` when the value is not such a handle or its object is gone.
    func object<Object>(_ kind: HandleKind<Object>, at index: Int32, _ name: String) throws -> Object {
        switch runtime.handle(at: index, typeName: kind.typeName, in: L) {
        case .alive(let object):
            guard let object = object as? Object else {
                preconditionFailure("a \(kind.typeName) handle holds a \(Swift.type(of: object))")
            }
            return object
        case .gone: throw LuaCallError("\(name): \(kind.gone)")
        case .notAHandle: throw expected(kind.expected, name, index)
        }
    }

    /// Pushes the handle of `object` (the same userdata for the same object while Lua holds it),
    /// or nil.
    func push<Object>(_ object: Object?, as kind: HandleKind<Object>) {
        if let object { pushHandle(object, typeName: kind.typeName) } else { pushNil() }
    }
}
