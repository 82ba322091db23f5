import CLua
import CLuaRuntime
import ScrimCore

/// The single owner of one `lua_State`: it creates the state with Scrim's allocator and limits,
/// is the only way in, and closes it (`lua_close`) in its `deinit`, when the last reference goes
/// away — there is no `close()` to call. The `deinit` asserts first that every registry reference
/// was released and the stack is empty, and after closing that the allocator holds no bytes.
///
/// Confinement: the state is used only on the main actor (the class is `@MainActor`), because
/// Lua states are not thread-safe and every Scrim object Lua can reach lives there too. The raw
/// pointer is handed out only inside `withUnsafeState`. Every entry into Lua goes through
/// `protectedCall`, with a traceback handler, so a Lua error can never unwind through Swift;
/// Swift callbacks return `SCRIM_RAISE` and let the C trampoline raise.
@MainActor
package final class LuaState {
    private let state: OpaquePointer
    private let limits: UnsafeMutablePointer<scrim_limits>

    /// How many states are open in the process: a host that has been released leaves none behind.
    package private(set) static var openStates = 0

    /// The bytes all open states' allocators hold.
    package static var openStateBytes: Int { Int(scrim_lua_bytes_in_use()) }
    /// Registry references handed out and not yet released (checked when the state closes).
    package private(set) var liveReferences = 0

    package init(limits configured: ScriptLimits = ScriptLimits()) throws(LuaError) {
        limits = .allocate(capacity: 1)
        limits.initialize(to: scrim_limits())
        limits.pointee.memory_limit = max(configured.memoryLimit, 0)
        limits.pointee.instruction_budget = Int64(max(configured.instructionBudget, 0))
        limits.pointee.time_limit_ns = Self.nanoseconds(configured.timeLimit)
        guard let created = scrim_newstate(limits) else {
            limits.deallocate()
            throw LuaError(kind: .setup, message: "could not create a Lua state: out of memory")
        }
        state = created
        Self.openStates += 1
        scrim_push_open_libraries(state)
        do {
            try protectedCall(arguments: 0, results: 0)
        } catch {
            lua_close(state)
            limits.deallocate()
            Self.openStates -= 1
            throw LuaError(kind: .setup, message: "could not open the Lua libraries: \(error.message)")
        }
    }

    isolated deinit {
        // The leak check: every reference was released and nothing was left on the stack.
        assert(liveReferences == 0, "LuaState closed with \(liveReferences) live registry references")
        assert(lua_gettop(state) == 0, "LuaState closed with \(lua_gettop(state)) values left on its stack")
        lua_close(state)
        assert(limits.pointee.memory_used == 0, "a closed Lua state still holds \(limits.pointee.memory_used) bytes")
        limits.deallocate()
        Self.openStates -= 1
    }

    /// The current limits.
    package var configuredLimits: ScriptLimits {
        get {
            ScriptLimits(
                instructionBudget: Int(limits.pointee.instruction_budget), memoryLimit: limits.pointee.memory_limit,
                timeLimit: .nanoseconds(limits.pointee.time_limit_ns))
        }
        set {
            limits.pointee.instruction_budget = Int64(max(newValue.instructionBudget, 0))
            limits.pointee.memory_limit = max(newValue.memoryLimit, 0)
            limits.pointee.time_limit_ns = Self.nanoseconds(newValue.timeLimit)
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The object Swift callbacks reach from the raw state (`scrim_owner`), unretained.
    var owner: UnsafeMutableRawPointer? {
        get { limits.pointee.owner }
        set { limits.pointee.owner = newValue }
    }

    /// Bytes the state holds now.
    package var memoryInUse: Int { limits.pointee.memory_used }

    /// A full garbage collection (outside calls, allocations cannot fail, so this cannot raise).
    package func collectGarbage() {
        scrim_lua_gc_collect(state)
    }

    /// Bytes charged for the Swift objects plugins created and hold (they count against the
    /// memory limit with the Lua heap).
    var hostObjectBytes: Int {
        get { limits.pointee.host_objects_used }
        set { limits.pointee.host_objects_used = max(newValue, 0) }
    }

    /// Recounts the host objects still alive and returns their bytes (set by the runtime); run
    /// before an outermost call when the state is near its limit, so objects that died since
    /// stop counting.
    var recountHostObjects: (() -> Int)?

    /// Whether the Lua heap plus `hostBytes` of Swift objects is over the memory limit.
    func exceedsMemoryLimit(addingHostBytes hostBytes: Int) -> Bool {
        let limit = limits.pointee.memory_limit
        return limit > 0 && limits.pointee.memory_used + hostBytes > limit
    }

    /// Runs `body` with the raw state. The pointer must not escape.
    func withUnsafeState<Result, Failure: Error>(_ body: (OpaquePointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(state)
    }

    // MARK: Calling into Lua

    /// Calls the function below `arguments` values on top of the stack, in protected mode with the
    /// traceback handler; leaves `results` values (or nothing, on error).
    ///
    /// The limits belong to the outermost call: it starts with a fresh budget, and a nested call
    /// (Lua → Swift → Lua) spends from the same budget, so catching a nested call's error with
    /// `pcall` cannot buy a loop new instructions. A limit, once exceeded, stays exceeded until
    /// the outermost call returns; then the host side never sees it (allocations outside calls
    /// never fail, so `lua_atpanic` cannot be reached).
    func protectedCall(arguments: Int32, results: Int32) throws(LuaError) {
        let outermost = limits.pointee.call_depth == 0
        if outermost {
            // Garbage left by an earlier call (a stopped memory bomb) counts against the cap and a
            // refused allocation stays refused even after Lua's emergency collection: collect it
            // first, while allocations cannot fail. (Finalizers cannot run plugin code: the
            // sandbox refuses __gc.)
            let limit = limits.pointee.memory_limit
            if limit > 0, limits.pointee.memory_used > limit - limit / 4 { scrim_lua_gc_collect(state) }
            if limit > 0, limits.pointee.memory_used + limits.pointee.host_objects_used > limit - limit / 4,
                let recountHostObjects
            {
                hostObjectBytes = recountHostObjects()
            }
            scrim_begin_budget(limits)
            limits.pointee.memory_exceeded = 0
            limits.pointee.memory_error_where.0 = 0
        }
        let savedFrames = limits.pointee.swift_frames
        let savedRunning = limits.pointee.running
        limits.pointee.call_depth += 1
        limits.pointee.swift_frames = 0
        limits.pointee.running = state
        scrim_install_budget_hook(state)
        let functionIndex = lua_gettop(state) - arguments
        scrim_push_message_handler(state)
        scrim_lua_insert(state, functionIndex)
        let status = scrim_lua_pcall(state, arguments, results, functionIndex)
        let budgetExceeded = limits.pointee.budget_spent != SCRIM_SPENT_NONE
        let spentMessage = budgetExceeded ? budgetMessage : ""
        let budgetErrorWhere = withUnsafeBytes(of: &limits.pointee.budget_error_where) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let memoryExceeded = limits.pointee.memory_exceeded != 0 || status == LUA_ERRMEM
        let memoryErrorWhere = withUnsafeBytes(of: &limits.pointee.memory_error_where) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        limits.pointee.call_depth -= 1
        limits.pointee.swift_frames = savedFrames
        limits.pointee.running = savedRunning
        if outermost {
            limits.pointee.budget_spent = SCRIM_SPENT_NONE
            limits.pointee.memory_exceeded = 0
        }
        if status == LUA_OK {
            scrim_lua_remove(state, functionIndex)
            // A limit stays exceeded until the call returns, even if the plugin caught the error
            // (with pcall, or because it happened in a coroutine): the call fails.
            guard budgetExceeded || memoryExceeded else { return }
            lua_settop(state, functionIndex - 1)
            throw budgetExceeded
                ? LuaError(kind: .budget, message: positioned(spentMessage, at: budgetErrorWhere))
                : LuaError(kind: .memory, message: positioned(memoryMessage, at: memoryErrorWhere))
        }
        let text = scrim_lua_tostring(state, -1).map { String(cString: $0) } ?? "(error object is not a string)"
        scrim_lua_pop(state, 2)
        let (message, traceback) = Self.split(text)
        if budgetExceeded { throw LuaError(kind: .budget, message: message, traceback: traceback) }
        if memoryExceeded {
            // Lua raises memory errors without the message handler: no position, no traceback,
            // unless the allocator noted where the first refusal happened.
            let positioned = status == LUA_ERRMEM || memoryErrorWhere.isEmpty == false
            throw LuaError(
                kind: .memory, message: positioned ? self.positioned(memoryMessage, at: memoryErrorWhere) : message,
                traceback: traceback)
        }
        throw LuaError(kind: .runtime, message: message, traceback: traceback)
    }

    /// "chunk:line: message", as Lua prefixes errors, when the position is known.
    private func positioned(_ message: String, at place: String) -> String {
        place.isEmpty ? message : "\(place) \(message)"
    }

    /// Why the budget was spent, as the hook words it.
    private var budgetMessage: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            String(cString: scrim_budget_message(limits, buffer.baseAddress, buffer.count))
        }
    }

    private var memoryMessage: String {
        "memory limit exceeded (\(limits.pointee.memory_limit) bytes)"
    }

    /// Splits luaL_traceback's text into the message and the traceback lines.
    private static func split(_ text: String) -> (String, String?) {
        guard let range = text.range(of: "\nstack traceback:") else { return (text, nil) }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]).trimmingPrefix("\n").description)
    }

    /// Compiles `source` (text only: a binary chunk is refused) and pushes the function. With an
    /// environment reference, the chunk's `_ENV` is that table.
    func load(_ source: String, chunkName: String, environment: LuaReference? = nil) throws(LuaError) {
        if source.utf8.first == 0x1B {
            throw LuaError(kind: .binaryChunk, message: "\(chunkName): precompiled (binary) chunks are not accepted; load the source text")
        }
        var text = source
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                scrim_luaL_loadbufferx(state, characters.baseAddress, characters.count, "@" + chunkName, "t")
            }
        }
        guard status == LUA_OK else {
            let message = scrim_lua_tostring(state, -1).map { String(cString: $0) } ?? "could not load \(chunkName)"
            scrim_lua_pop(state, 1)
            throw LuaError(kind: status == LUA_ERRMEM ? .memory : .syntax, message: message)
        }
        if let environment {
            push(environment)
            _ = lua_setupvalue(state, -2, 1)
        }
    }

    // MARK: References

    /// Pops the value on top of the stack of `thread` (the main thread by default) into the
    /// registry, which every thread of the state shares.
    func makeReference(popping thread: OpaquePointer? = nil) -> LuaReference {
        let reference = luaL_ref(thread ?? state, scrim_lua_registryindex())
        liveReferences += 1
        return LuaReference(state: self, reference: reference)
    }

    /// Pushes a referenced value on the stack of `thread` (the main thread by default).
    func push(_ reference: LuaReference, onto thread: OpaquePointer? = nil) {
        lua_rawgeti(thread ?? state, scrim_lua_registryindex(), lua_Integer(reference.reference))
    }

    func release(_ reference: Int32) {
        luaL_unref(state, scrim_lua_registryindex(), reference)
        liveReferences -= 1
    }
}

/// A value kept in a state's registry; released when the last copy of the reference goes away
/// (deterministically: ARC, on the main actor). It keeps its state open.
@MainActor
final class LuaReference {
    let state: LuaState
    let reference: Int32

    init(state: LuaState, reference: Int32) {
        self.state = state
        self.reference = reference
    }

    isolated deinit {
        state.release(reference)
    }
}
