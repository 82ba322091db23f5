import ScrimCore
internal import ScrimLua

extension ScrimHost {
    /// What one call into a plugin may spend: the instruction budget, the memory cap of the
    /// plugins' Lua state and a wall-clock backstop. 0 turns a limit off.
    public typealias Limits = ScriptLimits

    /// How many plugin Lua states are open in the process: a host that has been released leaves
    /// none behind.
    public static var openLuaStates: Int { LuaState.openStates }

    /// The bytes all open plugin Lua states hold.
    public static var openLuaStateBytes: Int { LuaState.openStateBytes }
}
