import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimTestSupport
import Testing

/// Every kind of scenario step played on the manual clock: when it starts (after the step before
/// it, at a time after a named step's begin, at a clock time), what it does, when it ends, and
/// what is skipped or refused (Docs/CLI.md, "Scenarios").
@MainActor
@Suite struct ScenarioPlaybackTests {
    static let plugins = Repository.plugins

    /// A tab bar controller `tabs` whose first tab is a navigation controller `nav` with the stack
    /// `list`, and whose second tab is `settings`; `detail` is a template.
    static let view = #"{ "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } }"#
    static let tabScene = """
        { "window": { "width": 390, "height": 844 }, "root": "tabs", "viewControllers": [
          { "id": "tabs", "kind": "tabBar", "children": ["nav", "settings"], "view": \(view) },
          { "id": "nav", "kind": "navigation", "children": ["list"], "view": \(view) },
          { "id": "list", "view": \(view) }, { "id": "settings", "view": \(view) }, { "id": "detail", "view": \(view) } ] }
        """

    static func play(
        _ steps: String, plugin: String = "pop.lua", scene: String? = nil, animator: String? = nil,
        interactive: InteractiveTransitions? = nil
    ) throws -> [PlaybackEvent] {
        var files = ["flow.json": steps]
        if let scene { files["scene.json"] = scene }
        let directory = try temporaryDirectory(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        var playback = TransitionPlayback(
            plugin: plugins.appendingPathComponent(plugin), scene: scene.map { _ in directory.appendingPathComponent("scene.json") },
            animator: animator, interactive: interactive, fps: 10)
        playback.use(try Scenario(contentsOf: directory.appendingPathComponent("flow.json")))
        var events: [PlaybackEvent] = []
        _ = try playback.play(onEvent: { events.append($0) })
        return events
    }

    /// The events as short lines: `0.0 step 1: present`, `0.1 began presentation nav→details`, …
    static func lines(_ events: [PlaybackEvent]) -> [String] {
        events.compactMap { event in
            func t(_ time: Double) -> String { String(format: "%.1f", time) }
            switch event {
            case .step(let time, _, let label): return "\(t(time)) \(label)"
            case .began(let time, _, let kind, let from, let to, let interactive):
                return "\(t(time)) began \(kind.rawValue) \(from)→\(to)\(interactive ? " interactive" : "")"
            case .completion(let time, let kind, let completed): return "\(t(time)) completion \(kind.rawValue) \(completed)"
            case .input(let time, _, let text): return "\(t(time)) > \(text)"
            case .segue(_, let identifier, let kind, let source, let destination): return "segue \(identifier) \(kind) \(source)→\(destination)"
            case .warning(let time, let text): return "\(t(time)) ! \(text)"
            case .skipped(let time, let text): return "\(t(time)) * \(text)"
            case .ended, .log, .fault, .pan: return nil
            }
        }
    }

    @Test func presentThenDismissEachStartingWhenTheStepBeforeHasEnded() throws {
        let events = try Self.play(#"[{ "name": "in", "present": "details" }, { "wait": 0.3 }, { "dismiss": true }]"#)
        #expect(Self.lines(events) == [
            "0.0 step 1 'in': present details", "0.1 began presentation nav→details", "0.9 completion presentation true",
            "0.9 step 2: wait 0.3 s", "1.2 step 3: dismiss", "1.3 began dismissal details→nav", "2.1 completion dismissal true",
        ])
    }

    @Test func pushThenPopToRootAndShowWhichPushesInANavigationController() throws {
        let events = try Self.play(#"[{ "push": "details" }, { "popToRoot": "nav" }, { "show": "details", "source": "home" }, { "pop": true }]"#, plugin: "slide.lua")
        #expect(Self.lines(events) == [
            "0.0 step 1: push details", "0.1 began push home→details", "0.5 completion push true",
            "0.5 step 2: popToRoot nav", "0.6 began pop details→home", "1.0 completion pop true",
            "1.0 step 3: show details", "1.1 began push home→details", "1.5 completion push true",
            "1.5 step 4: pop", "1.6 began pop details→home", "2.0 completion pop true",
        ])
    }

    @Test func showDetailWithoutASplitViewControllerPresents() throws {
        let events = try Self.play(#"[{ "showDetail": "details" }]"#, plugin: "crossfade.lua")
        #expect(Self.lines(events).prefix(2) == ["0.0 step 1: showDetail details", "0.1 began presentation nav→details"])
    }

    @Test func aSegueFromCodeThenItsUnwindFromTheInstanceItMade() throws {
        let events = try Self.play(#"[{ "segue": "showRecipe3" }, { "unwind": "close" }]"#, plugin: "slide.lua")
        #expect(Self.lines(events) == [
            "0.0 step 1: segue showRecipe3", "segue showRecipe3 show home→details", "0.1 began push home→details",
            "0.5 completion push true", "0.5 step 2: unwind close", "segue close unwind details→home", "0.6 began pop details→home",
            "1.0 completion dismissal true",
        ])
    }

    @Test func aTapRunsTheSegueItTriggersAndATapOnNothingIsAWarning() throws {
        let events = try Self.play(#"[{ "tap": "card3", "runs": "showRecipe3" }, { "tap": { "x": 5, "y": 5 } }]"#)
        let lines = Self.lines(events)
        #expect(lines.prefix(3) == ["0.0 step 1: tap card3", "0.0 > tap at (195, 660) on card3", "segue showRecipe3 show home→details"])
        #expect(lines.suffix(3) == [
            "0.9 step 2: tap (5, 5)", "0.9 > tap at (5, 5) on details.image", "0.9 ! the tap at (5, 5) on details.image triggered no segue",
        ])
    }

    @Test func aTapThatRunsAnotherSegueOrNoneIsRefusedBeforeAnythingRuns() throws {
        #expect(throws: PlaybackError.cannotPlay(
            "flow.json.steps[0]: a tap at its center (on card1) runs segue 'showRecipe1', not 'showRecipe3' (its trigger is 'card3')"))
        { try Self.play(#"[{ "tap": "card1", "runs": "showRecipe3" }]"#) }
        #expect(throws: PlaybackError.cannotPlay(
            "flow.json.steps[0]: a tap at (5, 5) (on home) runs no segue, not 'showRecipe3' (its trigger is 'card3')"))
        { try Self.play(#"[{ "tap": { "x": 5, "y": 5 }, "runs": "showRecipe3" }]"#) }
    }

    @Test func aUserSelectsATabByIndexOrByItsViewController() throws {
        let events = try Self.play(#"[{ "selectTab": 1 }, { "selectTab": "nav", "of": "tabs" }]"#, plugin: "crossfade.lua", scene: Self.tabScene)
        #expect(Self.lines(events) == [
            "0.0 step 1: selectTab 1", "0.1 began tab nav→settings", "0.4 completion tab true",
            "0.4 step 2: selectTab nav", "0.5 began tab settings→nav", "0.8 completion tab true",
        ])
        #expect(throws: PlaybackError.cannotPlay("flow.json.steps[0]: 'tabs' has 2 tabs; tab 5 is not one")) {
            try Self.play(#"[{ "selectTab": 5 }]"#, plugin: "crossfade.lua", scene: Self.tabScene)
        }
    }

    @Test func aSizeChangeEndsWithItsLayoutAnimation() throws {
        var frames: [(Double, Size)] = []
        let directory = try temporaryDirectory(["flow.json": #"[{ "size": { "width": 844, "height": 390 } }, { "present": true }]"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        var playback = TransitionPlayback(plugin: Self.plugins.appendingPathComponent("crossfade.lua"), fps: 10)
        playback.use(try Scenario(contentsOf: directory.appendingPathComponent("flow.json")))
        var events: [PlaybackEvent] = []
        _ = try playback.play(onEvent: { events.append($0) }, onFrame: { time, window in frames.append((time, window.bounds.size)) })
        #expect(frames.last?.1 == Size(width: 844, height: 390))
        // The layout animation is 0.3 s: the presentation is asked for when it has ended.
        #expect(Self.lines(events).prefix(3) == ["0.0 step 1: size 844 × 390", "0.3 step 2: present", "0.4 began presentation nav→details"])
    }

    @Test func inputTimedFromTheDismissalDrivesItWhateverThePresentationTakes() throws {
        let steps = """
            [{ "present": true }, { "name": "dismissal", "dismiss": true },
             { "percent": 0.5, "at": 0.1, "from": "dismissal" }, { "finish": true, "at": 0.2, "from": "dismissal" }]
            """
        let events = try Self.play(steps, plugin: "swipe.lua", animator: "crossfade")
        // By default the interaction drives the dismissal only: the presentation animates.
        #expect(Self.lines(events) == [
            "0.0 step 1: present", "0.1 began presentation nav→details", "0.4 completion presentation true",
            "0.4 step 2 'dismissal': dismiss", "0.5 began dismissal details→nav interactive", "0.5 > percent 0.5", "0.6 > finish",
            "0.8 completion dismissal true",
        ])
        let both = try Self.play(steps, plugin: "swipe.lua", animator: "crossfade", interactive: .both)
        #expect(Self.lines(both).contains("0.1 began presentation nav→details interactive"))
    }

    @Test func aDismissalAfterACancelledPresentationIsSkippedAndSoIsWhatIsTimedFromIt() throws {
        let steps = """
            [{ "present": true }, { "cancel": true, "at": 0.2 }, { "name": "dismissal", "dismiss": true },
             { "percent": 0.5, "at": 0.1, "from": "dismissal" }]
            """
        let events = try Self.play(steps, plugin: "swipe.lua", animator: "crossfade", interactive: .presentation)
        #expect(Self.lines(events).suffix(3) == [
            "0.3 completion presentation false", "0.3 * dismiss skipped: the presentation was cancelled",
            "0.3 * percent skipped: step 3 'dismissal': dismiss was skipped",
        ])
    }

    @Test func aPanThatNoRecognizerReceivesIsAWarningAndTheRunGoesOn() throws {
        let events = try Self.play(#"[{ "push": true }, { "pan": "began", "x": 200, "y": 400 }, { "pan": "ended", "x": 300, "y": 400, "at": 0.1 }]"#, plugin: "parallax.lua")
        #expect(Self.lines(events).suffix(4) == [
            "0.5 > pan began at (200, 400)", "0.5 ! pan began at (200, 400): no gesture recognizer received it",
            "0.6 > pan ended at (300, 400)", "0.6 ! pan ended at (300, 400): no gesture recognizer received it",
        ])
    }

    @Test func aStepThatCannotBeTakenNamesItself() throws {
        #expect(throws: PlaybackError.cannotPlay("flow.json.steps[0]: nothing is presented to dismiss")) {
            try Self.play(#"[{ "dismiss": true }]"#)
        }
        #expect(throws: PlaybackError.cannotPlay("flow.json.steps[0]: no view controller 'detail' in the scene (known: nav, home, details, about)")) {
            try Self.play(#"[{ "present": "detail" }]"#)
        }
        #expect(throws: PlaybackError.cannotPlay("flow.json.steps[0]: 'home' declares no segue 'nope' (segues: showRecipe1, showRecipe2, showRecipe3, showInfo)")) {
            try Self.play(#"[{ "segue": "nope", "source": "home" }]"#)
        }
        #expect(throws: PlaybackError.cannotPlay("flow.json.steps[0]: the scene has no tab bar controller in the window")) {
            try Self.play(#"[{ "selectTab": 1 }]"#)
        }
    }
}
