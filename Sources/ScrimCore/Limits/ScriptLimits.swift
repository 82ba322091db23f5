/// What one call into a plugin may spend: the instruction budget, the memory cap of the
/// plugins' Lua state and a wall-clock backstop (Docs/LuaAPI.md, "Limits"). 0 turns a limit off.
/// Embedders know it as `ScrimHost.Limits`.
public struct ScriptLimits: Sendable, Hashable {
    /// VM instructions allowed per call into Lua (0: unlimited). Default 10 million.
    public var instructionBudget: Int
    /// Bytes the plugins' Lua state may hold (0: unlimited). Default 64 MiB.
    public var memoryLimit: Int
    /// Wall-clock time allowed per call into Lua (0: unlimited). Default 1 s: a backstop for
    /// work neither the budget nor the cap sees (comparing two long strings is one
    /// instruction); a call within the budget takes well under 100 ms.
    public var timeLimit: Duration

    public init(instructionBudget: Int = 10_000_000, memoryLimit: Int = 64 << 20, timeLimit: Duration = .seconds(1)) {
        self.instructionBudget = instructionBudget
        self.memoryLimit = memoryLimit
        self.timeLimit = timeLimit
    }
}
