import CLua
import ScrimCore

/// One Lua state with Scrim's sandbox and bridge: the Swift functions Lua can call, the handles
/// of Swift objects Lua holds, and the `scrim` module.
///
/// Swift functions are registered as closures and reached from Lua through one C-convention
/// entry point (`dispatch`) and the C trampoline: the closure's index is the function's upvalue,
/// and the runtime is the state's owner pointer. A closure that throws has its error turned into
/// a Lua error by the trampoline, after the Swift frames are gone.
@MainActor
final class LuaRuntime {
    typealias Callback = (inout LuaCall) throws -> Int32

    let state: LuaState
    let sandbox: Sandbox
    private var callbacks: [Callback] = []
    /// Objects Lua holds handles to, by handle id (weak: Lua never keeps Scrim objects alive).
    private var handles: [Int64: WeakHandle] = [:]
    private var handleIDs: [ObjectIdentifier: Int64] = [:]
    private var nextHandleID: Int64 = 1
    /// Registry reference of a weak-valued table: handle id → its userdata, so one object has one
    /// userdata (and `==` works).
    private var userdataCache: LuaReference!

    init(limits: LuaState.Limits = .init()) throws(LuaError) {
        state = try LuaState(limits: limits)
        sandbox = try Sandbox(state: state)
        state.owner = Unmanaged.passUnretained(self).toOpaque()
        try state.load("return setmetatable({}, { __mode = 'v' })", chunkName: "=scrim-handles")
        try state.protectedCall(arguments: 0, results: 1)
        userdataCache = state.makeReference()
    }

    isolated deinit {
        state.owner = nil
    }

    /// The runtime that owns a raw state (inside a callback).
    static func owner(of L: OpaquePointer) -> LuaRuntime {
        Unmanaged<LuaRuntime>.fromOpaque(scrim_owner(L)!).takeUnretainedValue()
    }

    // MARK: Swift functions

    /// The one C entry point of every Swift function.
    private static let dispatch: @convention(c) (OpaquePointer?) -> Int32 = { state in
        // Lua runs only inside main-actor calls, so its callbacks arrive on the main actor. The
        // state pointer crosses into the isolated closure as a number (it is not Sendable).
        let address = UInt(bitPattern: state)
        return MainActor.assumeIsolated {
            let L = OpaquePointer(bitPattern: address)!
            let runtime = LuaRuntime.owner(of: L)
            let index = Int(scrim_lua_tointeger(L, scrim_callback_upvalue(1)))
            var call = LuaCall(L: L, runtime: runtime)
            do {
                return try runtime.callbacks[index](&call)
            } catch {
                lua_settop(L, 0)
                let message = (error as? LuaCallError)?.message ?? "\(error)"
                lua_pushstring(L, message)
                return SCRIM_RAISE
            }
        }
    }

    /// Pushes a Lua function that runs `body`.
    func pushFunction(_ body: @escaping Callback) {
        callbacks.append(body)
        state.withUnsafeState { L in
            lua_pushinteger(L, lua_Integer(callbacks.count - 1))
            scrim_push_swift_function(L, Self.dispatch, 1)
        }
    }

    /// A referenced Lua function that runs `body`.
    func makeFunction(_ body: @escaping Callback) -> LuaReference {
        pushFunction(body)
        return state.makeReference()
    }

    // MARK: Handles

    /// Pushes the userdata handle of `object` with the metatable registered as `typeName`.
    func pushHandle(_ object: AnyObject, typeName: String) {
        let key = ObjectIdentifier(object)
        let id: Int64
        if let known = handleIDs[key], handles[known]?.object === object {
            id = known
        } else {
            id = nextHandleID
            nextHandleID += 1
            handleIDs[key] = id
            handles[id] = WeakHandle(object: object, typeName: typeName)
            if handles.count > 64, handles.count.nonzeroBitCount == 1 { pruneHandles() }
        }
        state.withUnsafeState { L in
            state.push(userdataCache)
            if lua_rawgeti(L, -1, lua_Integer(id)) == LUA_TUSERDATA {
                scrim_lua_remove(L, -2)
                return
            }
            scrim_lua_pop(L, 1)
            let payload = scrim_lua_newuserdata(L, MemoryLayout<Int64>.size)!
            payload.storeBytes(of: id, as: Int64.self)
            _ = scrim_luaL_getmetatable(L, typeName)
            lua_setmetatable(L, -2)
            lua_pushvalue(L, -1)
            lua_rawseti(L, -3, lua_Integer(id))
            scrim_lua_remove(L, -2)
        }
    }

    /// The object behind the handle at `index`, if it is a handle of `typeName` and still alive.
    func handle(at index: Int32, typeName: String, in L: OpaquePointer) -> HandleLookup {
        guard let payload = luaL_testudata(L, index, typeName) else { return .notAHandle }
        let id = payload.load(as: Int64.self)
        guard let object = handles[id]?.object else { return .gone }
        return .alive(object)
    }

    enum HandleLookup {
        case alive(AnyObject)
        case gone
        case notAHandle
    }

    private func pruneHandles() {
        for (id, handle) in handles where handle.object == nil {
            handles[id] = nil
        }
        handleIDs = handleIDs.filter { handles[$0.value] != nil }
    }

    /// Registers a metatable for a handle type: `__index` and `__newindex` run Swift, and
    /// `__tostring` names the object. Leaves nothing on the stack.
    func defineHandleType(
        _ typeName: String, index: @escaping Callback, newIndex: Callback? = nil, equatable: Bool = true
    ) {
        state.withUnsafeState { L in
            _ = luaL_newmetatable(L, typeName)
            pushFunction(index)
            lua_setfield(L, -2, "__index")
            if let newIndex {
                pushFunction(newIndex)
                lua_setfield(L, -2, "__newindex")
            }
            lua_pushstring(L, typeName)
            lua_setfield(L, -2, "__name")
            lua_pushboolean(L, 0)
            lua_setfield(L, -2, "__metatable")
            scrim_lua_pop(L, 1)
        }
    }
}

/// A weakly held object behind a Lua handle.
struct WeakHandle {
    weak var object: AnyObject?
    let typeName: String
}

/// An error a Swift function reports to Lua (raised as a Lua error by the trampoline).
struct LuaCallError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
