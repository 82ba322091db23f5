import ScrimCore
import Testing
@testable import ScrimLua

/// Option tables a plugin passes to Scrim refuse unknown keys with a suggestion, names missing
/// from the `scrim` module's tables raise instead of reading nil, and a string is never a number
/// (Docs/LuaAPI.md). Every error is raised at the caller's line.
@MainActor @Suite struct StrictOptionTests {
    /// What `call`, run on the second line of a chunk, raises.
    func failure(onLine2 call: String) throws -> String {
        try BridgeFixture().failure("local before = 1\n" + call)
    }

    /// A misspelled (or otherwise unknown) key of each option table, and the error it raises.
    nonisolated static let unknownOptions = [
        ("scrim.animate{ durration = 0.5, animations = function() end }",
         "animate: unknown option 'durration'; did you mean 'duration'?"),
        ("scrim.animate{ frobnicate = 1, animations = function() end }", "animate: unknown option 'frobnicate'"),
        ("scrim.animate{ damping = 0.7, velocty = 1, animations = function() end }",
         "animate: unknown option 'velocty'; did you mean 'velocity'?"),
        ("scrim.animate{ 0.5, animations = function() end }", "animate: unknown option [1]"),
        ("scrim.animate{ [true] = 1, animations = function() end }", "animate: unknown option [true]"),
        ("scrim.animate{ spring = { stifness = 300 }, animations = function() end }",
         "animate.spring: unknown option 'stifness'; did you mean 'stiffness'?"),
        ("scrim.animate{ spring = 300, animations = function() end }", "animate.spring must be a table, got number"),
        ("scrim.animate{ curve = { 0.2, 0, 0, 1, 5 }, animations = function() end }", "animate.curve: unknown option [5]"),
        ("scrim.animate{ curve = { x1 = 0.2, y1 = 0, x2 = 0, y3 = 1 }, animations = function() end }",
         "animate.curve: unknown option 'y3'; did you mean 'y1'?"),
        ("scrim.animateKeyframes{ duraton = 1, animations = function() end }",
         "animateKeyframes: unknown option 'duraton'; did you mean 'duration'?"),
        ("scrim.animateKeyframes{ curve = 'linear', animations = function() end }", "animateKeyframes: unknown option 'curve'"),
        ("scrim.View.new{ frme = scrim.Rect(0, 0, 10, 10) }", "View.new: unknown option 'frme'; did you mean 'frame'?"),
        ("scrim.View.new{ backgroundColour = scrim.Color.black }",
         "View.new: unknown option 'backgroundColour'; did you mean 'backgroundColor'?"),
        ("scrim.View.new{ scrim.Rect(0, 0, 1, 1) }", "View.new: unknown option [1]"),
        ("scrim.PropertyAnimator.new{ duraton = 1 }", "PropertyAnimator.new: unknown option 'duraton'; did you mean 'duration'?"),
        ("scrim.PropertyAnimator.new{ duration = 1, animations = function() end }",
         "PropertyAnimator.new: unknown option 'animations'"),
        ("scrim.PropertyAnimator.new{ spring = { mass = 1, dampin = 3 } }",
         "PropertyAnimator.new.spring: unknown option 'dampin'; did you mean 'damping'?"),
        ("scrim.PanGestureRecognizer.new{ acton = function() end }",
         "PanGestureRecognizer.new: unknown option 'acton'; did you mean 'action'?"),
        ("scrim.PanGestureRecognizer.new(function() end)", "PanGestureRecognizer.new: expected a table of options, got function"),
        ("scrim.Transform3D.new{ M34 = -0.002 }", "Transform3D.new: unknown option 'M34'; did you mean 'm34'?"),
        ("scrim.Transform3D.new{ perspective = -0.002 }", "Transform3D.new: unknown option 'perspective'"),
        ("scrim.Transform3D.new(1, 0, 0, 1)", "Transform3D.new: expected a table of entries { m11 = …, … }, got number"),
        // UIKit's names point at this API's.
        ("scrim.animate{ duration = 0.5, usingSpringWithDamping = 0.6, animations = function() end }",
         "animate: unknown option 'usingSpringWithDamping'; did you mean 'damping'? (UIKit's usingSpringWithDamping:)"),
        ("scrim.animate{ damping = 0.6, initialSpringVelocity = 1, animations = function() end }",
         "animate: unknown option 'initialSpringVelocity'; did you mean 'velocity'? (UIKit's initialSpringVelocity:)"),
        ("scrim.PropertyAnimator.new{ withDuration = 1 }",
         "PropertyAnimator.new: unknown option 'withDuration'; did you mean 'duration'? (UIKit's withDuration:)"),
    ]

    /// Each mistake (of `unknownOptions`, `unknownNames`, `stringsForNumbers`) raises its error at
    /// the caller's line.
    @Test(arguments: unknownOptions + unknownNames + stringsForNumbers)
    func aMistakeRaisesItsErrorAtTheCallersLine(code: String, message: String) throws {
        #expect(try failure(onLine2: code) == "test.lua:2: " + message)
    }

    /// A call that spans lines is reported at its first.
    @Test func aCallOverSeveralLinesIsReportedWhereItStarts() throws {
        #expect(try failure(onLine2: "scrim.animate{\n  spring = { stifness = 300 },\n  animations = function() end }")
            == "test.lua:2: animate.spring: unknown option 'stifness'; did you mean 'stiffness'?")
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

    @Test func continueAnimationRefusesMisspelledOptions() throws {
        let message = try BridgeFixture().failure("""
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

    @Test func theAcceptedKeysStillWork() throws {
        let f = try BridgeFixture()
        try f.run("""
            local v = scrim.View.new{ id = "v", name = "card", frame = scrim.Rect(0, 0, 10, 10), backgroundColor = scrim.Color.white,
              alpha = 0.5, cornerRadius = 2, transform = scrim.Transform.identity, isHidden = false, clipsToBounds = true, tag = 3 }
            window:addSubview(v)
            scrim.animate{ duration = 1, delay = 0, curve = "linear", animations = function() v.alpha = 1 end, completion = function() end }
            scrim.animate{ curve = { x1 = 0.2, y1 = 0, x2 = 0, y2 = 1 }, animations = function() v.cornerRadius = 4 end }
            scrim.animate{ spring = { mass = 1, stiffness = 300, damping = 30, velocity = 0 }, animations = function() end }
            scrim.PropertyAnimator.new{ duration = 1, damping = 0.5, velocity = 0 }
            scrim.PanGestureRecognizer.new{ action = function() end, maximumNumberOfTouches = 2 }
            """)
        let view = try #require(f.window.subviews.first)
        #expect(view.name == "card")
        #expect(view.tag == 3)
        #expect(view.clipsToBounds)
        #expect(view.alpha == 1)
        #expect(view.cornerRadius == 4)
    }

    // MARK: The module's tables

    /// A name each table of the module lacks, and the error reading it raises.
    nonisolated static let unknownNames = [
        ("local t = scrim.Transform.rotation3D(1)", "unknown field 'rotation3D' in scrim.Transform; did you mean 'rotation'?"),
        ("return scrim.Transform.identiy", "unknown field 'identiy' in scrim.Transform; did you mean 'identity'?"),
        ("local t = scrim.Transform3D.rotaton(1, 0, 1, 0)", "unknown field 'rotaton' in scrim.Transform3D; did you mean 'rotation'?"),
        ("return scrim.Transform3D.Identity", "unknown field 'Identity' in scrim.Transform3D; did you mean 'identity'?"),
        ("return scrim.Color.blak", "unknown field 'blak' in scrim.Color; did you mean 'black'?"),
        ("return scrim.Color.redd", "unknown field 'redd' in scrim.Color"),
        ("scrim.View.neww{}", "unknown field 'neww' in scrim.View; did you mean 'new'?"),
        ("scrim.PropertyAnimator.nw{}", "unknown field 'nw' in scrim.PropertyAnimator; did you mean 'new'?"),
        ("scrim.PanGestureRecognizer.New{}", "unknown field 'New' in scrim.PanGestureRecognizer; did you mean 'new'?"),
    ]

    @Test func theModuleTablesStillAnswerTheirNames() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            return table.concat({ tostring(scrim.Transform.identity), tostring(scrim.Color.clear),
              tostring(scrim.Color(1, 0, 0)), type(scrim.View.new), type(scrim.Transform.rotation) }, " ")
            """) == "Transform(1, 0, 0, 1, 0, 0) Color(0, 0, 0, 0) Color(1, 0, 0, 1) function function")
    }

    // MARK: Numbers

    /// A numeric string where Scrim reads a number, and the error it raises.
    nonisolated static let stringsForNumbers = [
        ("scrim.animate{ duration = '0.5', animations = function() end }", "animate.duration must be a number, got string"),
        ("scrim.animate('0.5', function() end)", "animate duration: expected a number, got string"),
        ("scrim.animate{ spring = { stiffness = '300' }, animations = function() end }",
         "animate.spring.stiffness must be a number, got string"),
        ("scrim.View.new{ frame = { x = '1', y = 0, width = 1, height = 1 } }", "View.new frame.x must be a number, got string"),
        ("scrim.Transform3D.new{ m34 = '-0.002' }", "Transform3D.new.m34 must be a number, got string"),
        ("scrim.Transform3D.rotation(1, 0, '1', 0)", "rotation y: expected a number, got string"),
        ("scrim.Transform3D.translation(1, 2)", "translation tz: expected a number, got nil"),
        ("scrim.Transform3D.affine({ a = 1 })", "affine b: expected a number, got nil"),
        ("window.alpha = '0.5'", "view.alpha: expected a number, got string"),
        ("window.cornerRadius = '4'", "view.cornerRadius: expected a number, got string"),
        ("window.tag = '4'", "view.tag: expected a number, got string"),
    ]

    @Test func aViewKeepsItsValueWhenGivenAString() throws {
        let f = try BridgeFixture()
        #expect(f.failure("window.alpha = 0.25\nwindow.alpha = '0.5'") == "test.lua:2: view.alpha: expected a number, got string")
        #expect(f.window.alpha == 0.25)
    }
}
