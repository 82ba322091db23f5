import CLua
import Foundation
import Testing
@testable import ScrimLua

/// Swift functions handed to Lua are freed when Lua collects them, so a host that reloads its
/// plugins all day keeps a steady number of them.
@MainActor @Suite struct FunctionSlotTests {
    private func collect(_ runtime: LuaRuntime) {
        runtime.state.withUnsafeState { L in _ = scrim_lua_gc_collect(L) }
    }

    @Test func aCollectedFunctionFreesItsSlotAndAKeptOneStillRuns() throws {
        let runtime = try LuaRuntime()
        collect(runtime)
        let baseline = runtime.liveFunctionCount
        var calls = 0
        let kept = runtime.makeFunction { _ in
            calls += 1
            return 0
        }
        for _ in 0..<100 { _ = runtime.makeFunction { _ in 0 } }
        #expect(runtime.liveFunctionCount == baseline + 101)
        collect(runtime)
        #expect(runtime.liveFunctionCount == baseline + 1)
        // A freed slot is reused, and the kept function is still the one it was.
        _ = runtime.makeFunction { _ in 0 }
        #expect(runtime.liveFunctionCount == baseline + 2)
        try runtime.call(kept) { _ in () }
        #expect(calls == 1)
    }

    @Test func reloadingAPluginKeepsTheNumberOfFunctionsSteady() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-slots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fade.lua").path
        try """
            local Fade = { percentDriven = true }
            function Fade:transitionDuration() return 0.3 end
            function Fade:animateTransition(ctx) ctx:completeTransition(true) end
            return Fade
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let library = try PluginLibrary(directories: [directory.path])
        _ = library.loadAll()
        #expect(library.load(path: path) == "fade")
        collect(library.runtime)
        let afterOne = library.runtime.liveFunctionCount
        for _ in 0..<20 { _ = library.load(path: path) }
        #expect(library.runtime.liveFunctionCount >= afterOne + 40, "each load makes the plugin's print and require")
        collect(library.runtime)
        #expect(library.runtime.liveFunctionCount == afterOne)
    }
}
