import ScrimCore
import Testing
@testable import ScrimLua

/// Option tables a plugin passes to Scrim refuse unknown keys with a suggestion, names missing
/// from the `scrim` module's tables raise instead of reading nil, and a string is never a number
/// (Docs/LuaAPI.md). Every error is raised at the caller's line.
@MainActor @Suite struct StrictOptionTests {
    /// The error `source` raises; its lines are numbered from 1, so a call on the second line
    /// reports "test.lua:2:".
    func failure(_ source: String) throws -> String {
        try BridgeFixture().failure(source)
    }

    @Test func animateRefusesAMisspelledOptionAtTheCallersLine() throws {
        let message = try failure("""
            local view = scrim.View.new{}
            scrim.animate{ durration = 0.5, animations = function() view.alpha = 0 end }
            """)
        #expect(message == "test.lua:2: animate: unknown option 'durration'; did you mean 'duration'?")
    }

    @Test func theAnimationDoesNotRunWhenAnOptionIsUnknown() throws {
        let f = try BridgeFixture()
        let message = f.failure("""
            window.alpha = 1
            scrim.animate{ duration = 1, dampng = 0.6, animations = function() window.alpha = 0 end }
            """)
        #expect(message == "test.lua:2: animate: unknown option 'dampng'; did you mean 'damping'?")
        #expect(f.window.alpha == 1)
    }

    @Test func aKeyNothingIsCloseToHasNoSuggestion() throws {
        #expect(try failure("\nscrim.animate{ frobnicate = 1, animations = function() end }")
            == "test.lua:2: animate: unknown option 'frobnicate'")
    }

    @Test func theDurationSpringsVelocityIsChecked() throws {
        #expect(try failure("\n\nscrim.animate{ damping = 0.7, velocty = 1, animations = function() end }")
            == "test.lua:3: animate: unknown option 'velocty'; did you mean 'velocity'?")
    }

    @Test func theSpringTableIsChecked() throws {
        #expect(try failure("scrim.animate{\n  spring = { stifness = 300 },\n  animations = function() end }")
            == "test.lua:1: animate.spring: unknown option 'stifness'; did you mean 'stiffness'?")
        #expect(try failure("scrim.PropertyAnimator.new{ spring = { mass = 1, dampin = 3 } }")
            == "test.lua:1: PropertyAnimator.new.spring: unknown option 'dampin'; did you mean 'damping'?")
        #expect(try failure("scrim.animate{ spring = 300, animations = function() end }")
            == "test.lua:1: animate.spring must be a table, got number")
    }

    @Test func aCurveTableTakesFourPointsByPositionOrName() throws {
        #expect(try failure("scrim.animate{ curve = { 0.2, 0, 0, 1, 5 }, animations = function() end }")
            == "test.lua:1: animate.curve: unknown option [5]")
        #expect(try failure("scrim.animate{ curve = { x1 = 0.2, y1 = 0, x2 = 0, y3 = 1 }, animations = function() end }")
            == "test.lua:1: animate.curve: unknown option 'y3'; did you mean 'y1'?")
        #expect(try BridgeFixture().failure(
            "scrim.animate{ curve = { x1 = 0.2, y1 = 0, x2 = 0, y2 = 1 }, animations = function() end }") == "no error")
    }

    @Test func animateKeyframesRefusesTimingItDoesNotTake() throws {
        #expect(try failure("\nscrim.animateKeyframes{ duraton = 1, animations = function() end }")
            == "test.lua:2: animateKeyframes: unknown option 'duraton'; did you mean 'duration'?")
        #expect(try failure("scrim.animateKeyframes{ curve = 'linear', animations = function() end }")
            == "test.lua:1: animateKeyframes: unknown option 'curve'")
    }

    @Test func viewNewRefusesMisspelledOptions() throws {
        #expect(try failure("local a = 1\nlocal v = scrim.View.new{ frme = scrim.Rect(0, 0, 10, 10) }")
            == "test.lua:2: View.new: unknown option 'frme'; did you mean 'frame'?")
        #expect(try failure("scrim.View.new{ backgroundColour = scrim.Color.black }")
            == "test.lua:1: View.new: unknown option 'backgroundColour'; did you mean 'backgroundColor'?")
    }

    @Test func aViewOptionsArrayPartIsRefused() throws {
        #expect(try failure("scrim.View.new{ scrim.Rect(0, 0, 1, 1) }") == "test.lua:1: View.new: unknown option [1]")
        #expect(try failure("scrim.animate{ 0.5, animations = function() end }") == "test.lua:1: animate: unknown option [1]")
        #expect(try failure("scrim.animate{ [true] = 1, animations = function() end }") == "test.lua:1: animate: unknown option [true]")
    }

    @Test func propertyAnimatorNewRefusesMisspelledOptions() throws {
        #expect(try failure("\nlocal a = scrim.PropertyAnimator.new{ duraton = 1 }")
            == "test.lua:2: PropertyAnimator.new: unknown option 'duraton'; did you mean 'duration'?")
        #expect(try failure("scrim.PropertyAnimator.new{ duration = 1, animations = function() end }")
            == "test.lua:1: PropertyAnimator.new: unknown option 'animations'")
    }

    @Test func continueAnimationRefusesMisspelledOptions() throws {
        let message = try failure("""
            local view = scrim.View.new{}
            window:addSubview(view)
            local a = scrim.PropertyAnimator.new{ duration = 1 }
            a:addAnimations(function() view.alpha = 0 end)
            a:startAnimation()
            a:pauseAnimation()
            a:continueAnimation{ durationFactr = 2 }
            """)
        #expect(message == "test.lua:7: continueAnimation: unknown option 'durationFactr'; did you mean 'durationFactor'?")
    }

    @Test func panGestureRecognizerNewRefusesMisspelledOptions() throws {
        #expect(try failure("local g = scrim.PanGestureRecognizer.new{\n  acton = function() end }")
            == "test.lua:1: PanGestureRecognizer.new: unknown option 'acton'; did you mean 'action'?")
        #expect(try failure("scrim.PanGestureRecognizer.new(function() end)")
            == "test.lua:1: PanGestureRecognizer.new: expected a table of options, got function")
    }

    @Test func theAcceptedKeysStillWork() throws {
        let f = try BridgeFixture()
        try f.run("""
            local v = scrim.View.new{ id = "v", name = "card", frame = scrim.Rect(0, 0, 10, 10), backgroundColor = scrim.Color.white,
              alpha = 0.5, cornerRadius = 2, transform = scrim.Transform.identity, isHidden = false, clipsToBounds = true, tag = 3 }
            window:addSubview(v)
            scrim.animate{ duration = 1, delay = 0, curve = "linear", animations = function() v.alpha = 1 end, completion = function() end }
            scrim.PropertyAnimator.new{ duration = 1, damping = 0.5, velocity = 0 }
            scrim.PanGestureRecognizer.new{ action = function() end, maximumNumberOfTouches = 2 }
            """)
        let view = try #require(f.window.subviews.first)
        #expect(view.name == "card")
        #expect(view.tag == 3)
        #expect(view.clipsToBounds)
        #expect(view.alpha == 1)
    }

    // MARK: The module's tables

    @Test func aNameMissingFromAModuleTableSuggestsTheNearest() throws {
        #expect(try failure("local a = 1\nlocal t = scrim.Transform.rotation3D(1)")
            == "test.lua:2: unknown field 'rotation3D' in scrim.Transform; did you mean 'rotation'?")
        #expect(try failure("return scrim.Transform.identiy") == "test.lua:1: unknown field 'identiy' in scrim.Transform; did you mean 'identity'?")
        #expect(try failure("\nreturn scrim.Color.blak") == "test.lua:2: unknown field 'blak' in scrim.Color; did you mean 'black'?")
        #expect(try failure("return scrim.Color.redd") == "test.lua:1: unknown field 'redd' in scrim.Color")
        #expect(try failure("scrim.View.neww{}") == "test.lua:1: unknown field 'neww' in scrim.View; did you mean 'new'?")
        #expect(try failure("scrim.PropertyAnimator.nw{}")
            == "test.lua:1: unknown field 'nw' in scrim.PropertyAnimator; did you mean 'new'?")
    }

    @Test func theModuleTablesStillAnswerTheirNames() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            return table.concat({ tostring(scrim.Transform.identity), tostring(scrim.Color.clear),
              tostring(scrim.Color(1, 0, 0)), type(scrim.View.new), type(scrim.Transform.rotation) }, " ")
            """) == "Transform(1, 0, 0, 1, 0, 0) Color(0, 0, 0, 0) Color(1, 0, 0, 1) function function")
    }

    // MARK: Numbers

    @Test func aStringIsNotANumber() throws {
        #expect(try failure("\nscrim.animate{ duration = '0.5', animations = function() end }")
            == "test.lua:2: animate.duration must be a number, got string")
        #expect(try failure("scrim.animate('0.5', function() end)") == "test.lua:1: animate duration: expected a number, got string")
        #expect(try failure("scrim.animate{ spring = { stiffness = '300' }, animations = function() end }")
            == "test.lua:1: animate.spring.stiffness must be a number, got string")
        #expect(try failure("scrim.View.new{ frame = { x = '1', y = 0, width = 1, height = 1 } }")
            == "test.lua:1: View.new frame.x must be a number, got string")
    }

    @Test func aViewPropertyRefusesAString() throws {
        let f = try BridgeFixture()
        #expect(f.failure("window.alpha = 1\nwindow.alpha = '0.5'") == "test.lua:2: view.alpha: expected a number, got string")
        #expect(f.window.alpha == 1)
        #expect(f.failure("window.cornerRadius = '4'") == "test.lua:1: view.cornerRadius: expected a number, got string")
        #expect(f.failure("window.tag = '4'") == "test.lua:1: view.tag: expected a number, got string")
        #expect(f.window.tag == 0)
    }
}
