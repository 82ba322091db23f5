/// What a host's Lua state holds (`ScrimHost.runtimeStatistics()`).
public struct LuaRuntimeStatistics: Sendable, Hashable {
    /// Bytes the state's allocator holds.
    public var luaBytes: Int
    /// Values Swift keeps in the Lua registry (plugin classes, instances, callbacks).
    public var registryReferences: Int
    /// Swift objects Lua holds handles to.
    public var handles: Int
    /// Swift functions Lua can call.
    public var swiftFunctions: Int
    /// Views, gesture recognizers and property animators plugins created that are alive.
    public var hostObjects: Int
}
