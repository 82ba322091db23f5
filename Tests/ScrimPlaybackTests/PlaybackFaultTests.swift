import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimTestSupport
import Testing

/// A played transition's faults are data: where in the file (line, column), which role and
/// method, the plugin's generation, and when — the clock's time and the seconds into the
/// transition; a step after a cancelled transition is skipped, not failed.
@MainActor
@Suite struct PlaybackFaultTests {
    /// The file `name` holding `source`, alone in a new directory.
    static func plugin(_ name: String, _ source: String) throws -> URL {
        try temporaryDirectory([name: source]).appendingPathComponent(name)
    }

    static let failing = FaultyPlugins.animateTransitionError

    @Test func aLuaErrorInAnimateTransitionIsOneFaultWithItsPlaceRoleMethodAndTime() throws {
        let file = try Self.plugin("rt.lua", Self.failing)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var events: [PlaybackEvent] = []
        let result = try TransitionPlayback(plugin: file, dismiss: true).play(onEvent: { events.append($0) })
        try #require(result.faults.count == 1)
        let fault = result.faults[0]
        #expect(fault.path == file.path)
        #expect(fault.line == 9)
        #expect(fault.column == 3)
        #expect(fault.message == "animateTransition: attempt to perform arithmetic on a nil value")
        #expect(fault.role == .animator)
        #expect(fault.object == "rt")
        #expect(fault.method == "animateTransition")
        #expect(fault.generation == 1)
        #expect(fault.transition == 1)
        // The presentation begins at the first tick and animateTransition runs in it.
        #expect(fault.time == 1.0 / 60)
        #expect(fault.transitionTime == 0)
        #expect(fault.description == "\(file.path):9:3: error: animateTransition: attempt to perform arithmetic on a nil value")
        #expect(fault.context == "animator 'rt', in animateTransition, 0 s into transition 1")
        // The dismissal is skipped, not attempted: the presentation was cancelled.
        let skipped = events.compactMap { event -> String? in
            if case .skipped(_, let description) = event { return description }
            return nil
        }
        #expect(skipped == ["dismiss skipped: the presentation was cancelled"])
        #expect(events.contains { if case .fault(let reported) = $0 { reported == fault } else { false } })
    }

    @Test func aCleanPlayHasNoFaultAndLoadWarningsAreNotFaults() throws {
        let result = try TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("pop.lua"), dismiss: true).play()
        #expect(result.faults.isEmpty)
        let ended = result.events.compactMap { event -> Bool? in
            if case .ended(_, _, let completed) = event { return completed }
            return nil
        }
        #expect(ended == [true, true])
    }

    @Test func aContractFaultIsPlacedOnTheMethodsLine() throws {
        let file = try Self.plugin("never.lua", """
            local Never = { duration = 0.2 }

            function Never:transitionDuration(ctx)
              return 0.2
            end

            function Never:animateTransition(ctx)
              return 42
            end

            return Never
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try TransitionPlayback(plugin: file).play()
        try #require(result.faults.count == 1, "\(result.faults)")
        let fault = result.faults[0]
        #expect(fault.role == .animator)
        #expect(fault.method == "animateTransition")
        #expect(fault.path == file.path)
        #expect(fault.line == 7)
    }

    @Test func whatCannotBePlayedIsATypedError() throws {
        let file = try Self.plugin("broken.lua", "return {\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect {
            try TransitionPlayback(plugin: file).play()
        } throws: { error in
            guard case .pluginDidNotLoad(let path, let diagnostics) = error as? PlaybackError else { return false }
            return path == file.path && diagnostics.first?.severity == .error
        }
        let swipe = TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("swipe.lua"))
        #expect(throws: PlaybackError.invalidOptions(
            "swipe plays the interaction role only: an interaction drives an animator; name one with --animator (e.g. --animator diagonal)")
        ) {
            try swipe.play()
        }
        var segue = TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("pop.lua"))
        segue.segue = "nosuch"
        #expect(throws: PlaybackError.self) { try segue.play() }
    }

    @Test func aFaultThatComesAgainInTheDismissalIsPlacedAgainAndPlayCheckReportsItOnce() throws {
        // The hostile suite's plugin: animateTransition calls completeTransition twice, at lines 7 and 8.
        let source = try String(
            contentsOf: Repository.root.appendingPathComponent("Tests/ScrimServerTests/Hostile/Plugins/complete-twice.lua"), encoding: .utf8)
        let file = try Self.plugin("twice.lua", source)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try TransitionPlayback(plugin: file, dismiss: true).play()
        #expect(result.faults.map(\.transition) == [1, 2])
        #expect(result.faults.map(\.line) == [8, 8])
        #expect(result.faults.allSatisfy { $0.message == "completeTransition was called a second time; the call was ignored" })
        let checked = try PlayCheck.faults(of: file)
        #expect(checked.map(\.description) == ["\(file.path):8:5: error: completeTransition was called a second time; the call was ignored"])
    }

    @Test func anErrorWithoutAPositionIsOneFault() throws {
        let file = try Self.plugin("nil.lua", """
            return {
              duration = 0.3,
              animateTransition = function(self, ctx)
                error(nil)
              end,
            }
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try TransitionPlayback(plugin: file).play()
        #expect(result.faults.map(\.description) == ["\(file.path):4:5: error: animateTransition: (error object is a nil value)"])
        #expect(result.faults.first?.method == "animateTransition")
    }
}
