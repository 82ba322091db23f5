import CLua
import CLuaRuntime
import ScrimCore

/// One Lua state with Scrim's sandbox and bridge: the Swift functions Lua can call, the handles
/// of Swift objects Lua holds, and the `scrim` module.
///
/// Swift functions are registered as closures and reached from Lua through one C-convention
/// entry point (`dispatch`) and the C trampoline: the function's upvalue is a small userdata
/// holding the closure's slot, and the runtime is the state's owner pointer. When Lua collects
/// the function, the userdata's finalizer frees the slot, so reloading plugins does not grow the
/// table. A closure that throws has its error turned into a Lua error by the trampoline, after
/// the Swift frames are gone.
@MainActor
package final class LuaRuntime {
    typealias Callback = (LuaCall) throws -> Int32

    package let state: LuaState
    let sandbox: Sandbox
    /// The closures of the Swift functions Lua holds, by slot; nil: a free slot.
    private var callbacks: [Callback?] = []
    private var freeSlots: [Int] = []
    /// Objects Lua holds handles to, by handle id (weak: Lua never keeps Scrim objects alive).
    private var handles: [Int64: WeakHandle] = [:]
    private var handleIDs: [ObjectIdentifier: Int64] = [:]
    private var nextHandleID: Int64 = 1
    /// Registry reference of a weak-valued table: handle id → its userdata, so one object has one
    /// userdata (and `==` works).
    private var userdataCache: LuaReference!
    /// The value types' metatables (set when the `scrim` module is built).
    var metatables: ValueMetatables?
    /// The Swift objects plugins created, charged against the memory limit.
    package let hostObjects = HostObjectLedger()

    init(limits: ScriptLimits = .init()) throws(LuaError) {
        state = try LuaState(limits: limits)
        sandbox = try Sandbox(state: state)
        state.owner = Unmanaged.passUnretained(self).toOpaque()
        state.withUnsafeState { L in
            _ = luaL_newmetatable(L, Self.slotTypeName)
            scrim_push_swift_function(L, Self.releaseSlot, 0)
            lua_setfield(L, -2, "__gc")
            lua_pushboolean(L, 0)
            lua_setfield(L, -2, "__metatable")
            scrim_lua_pop(L, 1)
        }
        try state.load("return setmetatable({}, { __mode = 'v' })", chunkName: "=scrim-handles")
        try state.protectedCall(arguments: 0, results: 1)
        userdataCache = state.makeReference()
        state.recountHostObjects = { [hostObjects] in
            hostObjects.sweep()
            return hostObjects.chargedBytes
        }
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
            // The state is closing after its runtime went away (finalizers run): nothing to do.
            guard let owner = scrim_owner(L) else { return 0 }
            let runtime = Unmanaged<LuaRuntime>.fromOpaque(owner).takeUnretainedValue()
            let slot = lua_touserdata(L, scrim_callback_upvalue(1))!.load(as: Int.self)
            guard let callback = runtime.callbacks[slot] else { preconditionFailure("a Swift function's slot was freed while Lua held it") }
            let call = LuaCall(L: L, runtime: runtime)
            do {
                return try callback(call)
            } catch let error as LuaError {
                // An error of Lua code the callback called: it already names its position.
                lua_settop(L, 0)
                lua_pushstring(L, error.message)
                return SCRIM_RAISE_AS_IS
            } catch {
                lua_settop(L, 0)
                lua_pushstring(L, (error as? LuaCallError)?.message ?? "\(error)")
                return SCRIM_RAISE
            }
        }
    }

    /// The `__gc` of a Swift function's slot userdata (argument 1): frees the slot. Lua has
    /// collected the function, so nothing can call the closure any more.
    private static let releaseSlot: @convention(c) (OpaquePointer?) -> Int32 = { state in
        let address = UInt(bitPattern: state)
        return MainActor.assumeIsolated {
            let L = OpaquePointer(bitPattern: address)!
            guard let owner = scrim_owner(L), let payload = luaL_testudata(L, 1, slotTypeName) else { return 0 }
            let runtime = Unmanaged<LuaRuntime>.fromOpaque(owner).takeUnretainedValue()
            let slot = payload.load(as: Int.self)
            runtime.callbacks[slot] = nil
            runtime.freeSlots.append(slot)
            return 0
        }
    }

    private static let slotTypeName = "scrim.FunctionSlot"

    /// How many Swift functions Lua can still call (for leak checks).
    package var liveFunctionCount: Int { callbacks.count - freeSlots.count }

    /// How many Swift objects Lua holds handles to (after dropping the ones that are gone).
    package var liveHandleCount: Int {
        pruneHandles()
        return handles.count
    }

    /// Pushes a Lua function that runs `body`.
    func pushFunction(_ body: @escaping Callback) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            callbacks[slot] = body
        } else {
            slot = callbacks.count
            callbacks.append(body)
        }
        state.withUnsafeState { L in
            let payload = scrim_lua_newuserdata(L, MemoryLayout<Int>.size)!
            payload.storeBytes(of: slot, as: Int.self)
            _ = scrim_luaL_getmetatable(L, Self.slotTypeName)
            lua_setmetatable(L, -2)
            scrim_push_swift_function(L, Self.dispatch, 1)
        }
    }

    /// A referenced Lua function that runs `body`.
    func makeFunction(_ body: @escaping Callback) -> LuaReference {
        pushFunction(body)
        return state.makeReference()
    }

    // MARK: Calling Lua

    /// Who is being called: the plugin, the role it plays in the call, and the transition context
    /// the call belongs to. Pushed while a role method runs; captured by completions and actions
    /// created meanwhile.
    struct Scope {
        let plugin: String
        let role: TransitionRole
        weak var context: TransitionContext?
    }

    private(set) var scopes: [Scope] = []

    var currentScope: Scope? { scopes.last }

    /// The plugin line a Scrim call from Lua is running for: a contract fault the call causes
    /// (a second `completeTransition`) belongs there rather than on the method's definition.
    private(set) var callPosition: (plugin: String, line: Int)?

    /// Runs `body` with `callPosition` set to the calling plugin's current line.
    func atCallPosition<Result>(_ call: LuaCall, _ body: () throws -> Result) rethrows -> Result {
        guard let plugin = currentScope?.plugin, let line = call.currentLine() else { return try body() }
        let saved = callPosition
        callPosition = (plugin, line)
        defer { callPosition = saved }
        return try body()
    }

    func pushScope(_ scope: Scope) { scopes.append(scope) }
    func popScope() { scopes.removeLast() }

    /// Runs `body` inside a scope.
    func withScope<Result>(_ scope: Scope?, _ body: () throws -> Result) rethrows -> Result {
        guard let scope else { return try body() }
        scopes.append(scope)
        defer { scopes.removeLast() }
        return try body()
    }

    /// Where errors go that no Lua code can catch: a completion, a gesture action or an alongside
    /// block that failed when Swift called it.
    var onUncaughtError: ((LuaError, String) -> Void)?

    /// Calls a Lua function with the arguments `pushArguments` pushes (returning their count),
    /// keeping `results` results on the stack for `readResults`.
    func call<Result>(
        _ function: LuaReference, results: Int32 = 0,
        arguments pushArguments: (LuaCall) throws -> Int32 = { _ in 0 },
        readResults: (LuaCall) throws -> Result
    ) throws -> Result {
        try state.withUnsafeState { L in
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            state.push(function)
            let call = LuaCall(L: L, runtime: self)
            let count = try pushArguments(call)
            try state.protectedCall(arguments: count, results: results)
            return try readResults(call)
        }
    }

    /// Calls a Lua function for its effect, inside `scope` (the one captured when the function was
    /// handed over); an error goes to `report`.
    func callReporting(
        _ function: LuaReference, context: String, scope: Scope?,
        arguments: (LuaCall) throws -> Int32 = { _ in 0 }
    ) {
        do {
            try withScope(scope) { try call(function, arguments: arguments) { _ in () } }
        } catch let error as LuaError {
            report(error, context: context, scope: scope)
        } catch {
            report(LuaError(kind: .runtime, message: "\(error)"), context: context, scope: scope)
        }
    }

    /// `function`, handed over now, as a Swift closure that calls it later with one argument inside
    /// the current scope (the plugin and transition that handed it over): a completion, a
    /// coordinator block. An error it raises goes to `report` as `context`'s.
    func callback<Argument: LuaPushable>(_ function: LuaReference, context: String) -> (Argument) -> Void {
        let scope = currentScope
        return { argument in
            self.callReporting(function, context: context, scope: scope) { call in
                argument.push(to: call)
                return 1
            }
        }
    }

    /// Reports an error nobody can catch: to `onUncaughtError`, and as a fault of the role that
    /// raised it in the transition the failing code belongs to (which then ends as cancelled).
    func report(_ error: LuaError, context: String, scope: Scope?) {
        onUncaughtError?(error, context)
        guard let scope else { return }
        scope.context?.reportFault(role: scope.role, object: scope.plugin, message: "\(context) failed: \(error.message)")
    }

    // MARK: The stack, from Swift

    /// Runs `body` with a `LuaCall` on the state's own stack (for Swift's pushes, reads and
    /// protected calls); the stack is back at its height afterwards.
    func withStack<Result, Failure: Error>(_ body: (LuaCall) throws(Failure) -> Result) throws(Failure) -> Result {
        try state.withUnsafeState { L throws(Failure) in
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            return try body(LuaCall(L: L, runtime: self))
        }
    }

    /// Compiles `source` (text only) and runs it in protected mode; `read` sees its result on top of
    /// the stack.
    func run<Result>(
        _ source: String, chunkName: String, environment: LuaReference? = nil, read: (LuaCall) -> Result
    ) throws(LuaError) -> Result {
        try withStack { call throws(LuaError) in
            try state.load(source, chunkName: chunkName, environment: environment)
            try state.protectedCall(arguments: 0, results: 1)
            return read(call)
        }
    }

    // MARK: Host objects

    /// Makes room for `count` new objects of `kind` under the memory limit, or throws the
    /// memory error naming them.
    func chargeHostObjects(_ count: Int, kind: String) throws {
        let needed = count * HostObjectLedger.bytesPerObject
        if state.exceedsMemoryLimit(addingHostBytes: hostObjects.chargedBytes + needed) {
            hostObjects.sweep()
            state.hostObjectBytes = hostObjects.chargedBytes
            if state.exceedsMemoryLimit(addingHostBytes: hostObjects.chargedBytes + needed) {
                throw LuaCallError(
                    "memory limit exceeded (\(state.configuredLimits.memoryLimit) bytes) making a \(kind): plugins hold "
                        + "\(hostObjects.liveCount) views, gesture recognizers and property animators (\(HostObjectLedger.bytesPerObject) "
                        + "bytes each); release the ones you no longer need")
            }
        }
        state.hostObjectBytes = hostObjects.chargedBytes + needed
    }

    // MARK: Handles

    /// Pushes the userdata handle of `object` with the metatable registered as `typeName`. With
    /// `retained`, the handle keeps the object alive until Lua collects the userdata (objects Lua
    /// created); otherwise Lua never keeps it alive. The handle goes on the stack of `thread`
    /// (the main thread by default; a callback's own thread, which may be a coroutine).
    func pushHandle(_ object: AnyObject, typeName: String, retained: Bool = false, onto thread: OpaquePointer? = nil) {
        let key = ObjectIdentifier(object)
        let id: Int64
        if let known = handleIDs[key], handles[known]?.object === object {
            id = known
        } else {
            id = nextHandleID
            nextHandleID += 1
            handleIDs[key] = id
            handles[id] = WeakHandle(object: object, strong: retained ? object : nil, typeName: typeName)
            if handles.count > 64, handles.count.nonzeroBitCount == 1 { pruneHandles() }
        }
        state.withUnsafeState { main in
            let L = thread ?? main
            state.push(userdataCache, onto: L)
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

    /// Lua collected the userdata of handle `id`: forget it (and release a retained object).
    private func collectHandle(_ id: Int64) {
        if let object = handles[id]?.object { handleIDs[ObjectIdentifier(object)] = nil }
        handles[id] = nil
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
            pushFunction { call in
                if let payload = luaL_testudata(call.L, 1, typeName) {
                    call.runtime.collectHandle(payload.load(as: Int64.self))
                }
                return 0
            }
            lua_setfield(L, -2, "__gc")
            lua_pushstring(L, typeName)
            lua_setfield(L, -2, "__name")
            lua_pushboolean(L, 0)
            lua_setfield(L, -2, "__metatable")
            scrim_lua_pop(L, 1)
        }
    }
}

/// An object behind a Lua handle: weak, or strong for objects Lua created.
struct WeakHandle {
    weak var object: AnyObject?
    var strong: AnyObject?
    let typeName: String
}

/// An error a Swift function reports to Lua (raised as a Lua error by the trampoline).
package struct LuaCallError: Error, CustomStringConvertible {
    let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
