import Foundation
import ScrimCore
import Testing
@testable import ScrimLua

/// `scrim.View.transition` (Docs/LuaAPI.md, "View transitions"): Swift's `View.transition` from
/// Lua, with UIKit's option names.
@MainActor @Suite struct ViewTransitionBridgeTests {
    @Test func aFlipRunsTheChangeAtOnceAndTheCompletionAtTheEnd() throws {
        let f = try BridgeFixture()
        try f.run("""
            local card = scrim.View.new{ id = "card", frame = scrim.Rect(0, 0, 200, 100) }
            window:addSubview(card)
            scrim.View.transition(card, { duration = 1, options = { "transitionFlipFromLeft" },
              animations = function() card.backgroundColor = scrim.Color.white end,
              completion = function(finished) card.name = "done " .. tostring(finished) end })
            """)
        let card = try #require(f.window.descendant(withID: "card"))
        #expect(card.backgroundColor == .white)
        #expect(f.window.subviews.map(\.name) == [nil, "transition snapshot of card"])
        try f.clock.advance(by: 0.75)
        let expected = Transform3D.rotation(-.pi / 4, 0, 1, 0).concatenating(Transform3D(m34: -1.0 / 1000))
        let turned = card.presentation.transform3D
        #expect(abs(turned.m11 - expected.m11) < 1e-9 && abs(turned.m13 - expected.m13) < 1e-9)
        try f.clock.advance(by: 0.3)
        #expect(card.name == "done true" && f.window.subviews.count == 1)
    }

    @Test func theFromToFormSwapsTheViews() throws {
        let f = try BridgeFixture()
        try f.run("""
            local front = scrim.View.new{ id = "front" }
            local back = scrim.View.new{ id = "back" }
            local box = scrim.View.new{ id = "box", frame = scrim.Rect(0, 0, 100, 100) }
            window:addSubview(box)
            box:addSubview(front)
            scrim.View.transition(front, { to = back, duration = 0.5, options = { "transitionCrossDissolve", "curveLinear" } })
            """)
        let box = try #require(f.window.descendant(withID: "box"))
        #expect(box.subviews.map(\.id) == ["back"])
    }

    @Test func badOptionsNameTheMistake() throws {
        let f = try BridgeFixture()
        try f.run(#"window:addSubview(scrim.View.new{ id = "card" })"#)
        let card = "window.subviews[1]"
        #expect(f.failure("scrim.View.transition(\(card), { options = { 'transitionFlipFromLefft' } })")
            .contains("View.transition.options[1]: unknown option 'transitionFlipFromLefft'; did you mean 'transitionFlipFromLeft'?"))
        #expect(f.failure("scrim.View.transition(\(card), { options = { 'curveLinear', 'transitionCurlUp', 'transitionCurlDown' } })")
            .contains("View.transition.options[3]: 'transitionCurlDown' is a second transition"))
        #expect(f.failure("scrim.View.transition(\(card), { durration = 1 })").contains("unknown option 'durration'; did you mean 'duration'?"))
        #expect(f.failure("scrim.View.transition(\(card), { duration = -1, options = { 'transitionCurlUp' } })")
            .contains("View.transition: "))
        #expect(f.failure("scrim.View.transition(\(card), { to = window, animations = function() end })")
            .contains("takes no 'animations'"))
        #expect(f.failure("scrim.View.transition(\(card))").contains("needs an options table"))
        #expect(f.failure("scrim.View.transition(\(card), { to = window })").contains("cannot be added inside itself"))
        #expect(f.window.subviews.count == 1)
    }
}
