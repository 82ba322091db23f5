/// A method of a bridged type (see `BridgedType`): its name, a doc line, and its body, which gets
/// the object behind `self` (argument 1) and returns how many results it pushed.
@MainActor
struct BridgeMethod<Object: AnyObject> {
    typealias Body = @MainActor (LuaCall, Object) throws -> Int32

    let name: String
    let doc: String
    let body: Body

    init(_ name: String, _ doc: String, body: @escaping Body) {
        self.name = name
        self.doc = doc
        self.body = body
    }

    /// A method with one result, pushed as its type crosses into Lua.
    static func returning<Result: LuaPushable>(
        _ name: String, _ doc: String, _ body: @escaping @MainActor (LuaCall, Object) throws -> Result
    ) -> BridgeMethod {
        BridgeMethod(name, doc) { call, object in
            try body(call, object).push(to: call)
            return 1
        }
    }
}
