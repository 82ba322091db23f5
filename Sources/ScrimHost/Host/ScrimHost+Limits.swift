internal import ScrimLua

extension ScrimHost {
    /// What one call into a plugin may spend: the instruction budget, the memory cap of the
    /// plugins' Lua state and a wall-clock backstop. 0 turns a limit off.
    public struct Limits: Sendable, Hashable {
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

        /// The same limits, for the engine's state.
        var lua: LuaState.Limits {
            LuaState.Limits(instructionBudget: instructionBudget, memoryLimit: memoryLimit, timeLimit: timeLimit)
        }
    }

    /// How many plugin Lua states are open in the process: a host that has been released leaves
    /// none behind.
    public static var openLuaStates: Int { LuaState.openStates }

    /// The bytes all open plugin Lua states hold.
    public static var openLuaStateBytes: Int { LuaState.openStateBytes }
}
