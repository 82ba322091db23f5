import Foundation
import ScrimCore
import ScrimHost
import ScrimJSON
import Testing

/// A scenario file read field by field: its steps, their timing and names, and an error naming
/// the field for anything wrong (Docs/CLI.md, "Scenarios").
@Suite struct ScenarioFileTests {
    static let directory = URL(fileURLWithPath: "/tmp/flows")

    static func read(_ text: String) throws(SceneError) -> Scenario {
        let json = try! JSONValue(parsing: Array(text.utf8))
        return try Scenario(json: json, name: "flow.json", directory: directory)
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aFileNamesItsPluginSceneOptionsAndSteps() throws {
        let scenario = try Self.read("""
            { "plugin": "../sheet.lua", "scene": "photos.json", "options": { "duration": 0.4 }, "style": "pageSheet",
              "animator": "crossfade", "interactive": "dismissal",
              "steps": [
                { "name": "presentation", "present": "details", "presenter": "home" },
                { "name": "dismissal", "dismiss": true },
                { "pan": "began", "x": 195, "y": 500, "at": 0.05, "from": "dismissal" },
                { "percent": 0.5, "at": 0.1 },
                { "finish": true, "time": 2 },
                { "wait": 0.5 } ] }
            """)
        #expect(scenario.plugin?.path == "/tmp/sheet.lua")
        #expect(scenario.scene?.path == "/tmp/flows/photos.json")
        #expect(scenario.options == ["duration": .number(0.4)])
        #expect(scenario.style == .pageSheet)
        #expect(scenario.animator == "crossfade")
        #expect(scenario.interactive == .dismissal)
        #expect(scenario.labelsSteps)
        #expect(scenario.steps.map(\.action) == [
            .present("details", presenter: "home", style: nil), .dismiss(nil), .input(.pan(.began, Point(x: 195, y: 500), view: nil)),
            .input(.update(0.5)), .input(.finish), .wait(0.5),
        ])
        #expect(scenario.steps.map(\.start) == [
            .afterPrevious, .afterPrevious, .after(step: 1, seconds: 0.05), .after(step: 2, seconds: 0.1), .clock(2), .afterPrevious,
        ])
        #expect(scenario.steps.map(\.place) == (0..<6).map { "flow.json.steps[\($0)]" })
        #expect(scenario.label(1) == "step 2 'dismissal': dismiss")
        #expect(scenario.label(5) == "step 6: wait")
    }

    @Test func everyStepKindIsRead() throws {
        let scenario = try Self.read("""
            [ { "push": true, "on": "nav" }, { "pop": "nav" }, { "popToRoot": true }, { "show": "detail", "source": "list" },
              { "showDetail": "detail" }, { "segue": "showRecipe1" }, { "unwind": "close", "source": "details" },
              { "tap": "card1", "runs": "showRecipe1" }, { "tap": { "x": 10, "y": 20 } }, { "selectTab": 1, "of": "tabs" },
              { "selectTab": "settings" }, { "size": { "width": 844, "height": 390 } }, { "cancel": true }, { "pause": true },
              { "at": 0.2, "present": true, "style": "formSheet" }, { "size": "iphone-se-landscape" } ]
            """)
        #expect(scenario.plugin == nil)
        #expect(scenario.steps.map(\.action) == [
            .push(nil, on: "nav"), .pop("nav"), .popToRoot(nil), .show("detail", source: "list"), .showDetail("detail", source: nil),
            .segue("showRecipe1", source: nil), .unwind("close", source: "details"), .tap(.view("card1"), segue: "showRecipe1"),
            .tap(.point(Point(x: 10, y: 20)), segue: nil), .selectTab(.index(1), of: "tabs"), .selectTab(.viewController("settings"), of: nil),
            .size(Size(width: 844, height: 390)), .input(.cancel), .input(.pause), .present(nil, presenter: nil, style: .formSheet),
            .size(Size(width: 667, height: 375)),
        ])
        #expect(scenario.steps.map(\.actionName) == [
            "push", "pop", "popToRoot", "show", "showDetail", "segue", "unwind", "tap", "tap", "selectTab", "selectTab", "size", "cancel",
            "pause", "present", "size",
        ])
        #expect(scenario.steps[14].start == .after(step: 13, seconds: 0.2))
        #expect(scenario.steps.map(\.undoesPrevious) == [
            false, true, true, false, false, false, true, false, false, false, false, false, false, false, false, false,
        ])
    }

    @Test func whatIsWrongIsNamedByItsField() {
        #expect(Self.error("3") == "flow.json: expected an object with \"steps\" (or an array of steps), got a number")
        #expect(Self.error(#"{ "steps": [], "plugn": "a.lua" }"#)
            == #"flow.json.plugn: unknown field; a scenario has "plugin", "scene", "options", "style", "animator", "interactive", "steps""#)
        #expect(Self.error(#"{ "steps": [] }"#) == "flow.json.steps: no steps: give at least one")
        #expect(Self.error(#"{ "steps": [3] }"#) == "flow.json.steps[0]: expected an object, got a number")
        #expect(Self.error(#"[{ "present": true, "pan": "began" }]"#) == #"flow.json.steps[0]: one action per step, got "present" and "pan""#)
        #expect(Self.error(#"[{ "name": "x" }]"#)?.hasPrefix(#"flow.json.steps[0]: no action: give one of "present", "dismiss""#) == true)
        #expect(Self.error(#"[{ "dismiss": true, "style": "pageSheet" }]"#)
            == #"flow.json.steps[0].style: unknown field; a dismiss step has "name", "time", "at", "from", "dismiss""#)
        #expect(Self.error(#"[{ "dismiss": 3 }]"#)
            == "flow.json.steps[0].dismiss: expected a view controller's id, or true for the default one, got a number")
        #expect(Self.error(#"[{ "wait": -1 }]"#) == "flow.json.steps[0].wait: expected a number from 0 to 3600, got -1")
        #expect(Self.error(#"[{ "present": true, "name": "a" }, { "dismiss": true, "name": "a" }]"#)
            == "flow.json.steps[1].name: another step is named 'a' already")
        #expect(Self.error(#"[{ "present": true, "name": "a" }, { "finish": true, "at": 0.1, "from": "b" }]"#)
            == "flow.json.steps[1].from: no step before this one is named 'b' (named: 'a')")
        #expect(Self.error(#"[{ "present": true }, { "finish": true, "from": "b" }]"#)
            == #"flow.json.steps[1].from: "from" goes with "at": the seconds after that step's begin"#)
        #expect(Self.error(#"[{ "finish": true, "time": 1, "at": 1 }]"#)
            == #"flow.json.steps[0].time: give either "time" (on the clock) or "at" (after a step's begin), not both"#)
        #expect(Self.error(#"[{ "finish": true, "time": 1 }, { "cancel": true, "time": 0.5 }]"#)
            == "flow.json.steps[1].time: steps with a clock time must be in time order: 0.5 comes after 1")
        #expect(Self.error(#"[{ "selectTab": -1 }]"#) == "flow.json.steps[0].selectTab: expected a tab's index from 0 or a view controller's id, got -1")
        #expect(Self.error(#"[{ "size": { "width": 0, "height": 10 } }]"#) == "flow.json.steps[0].size: expected a width and a height above 0")
        #expect(Self.error(#"[{ "size": "iphone-99" }]"#)?.hasPrefix("flow.json.steps[0].size: unknown device 'iphone-99'") == true)
        #expect(Self.error(#"{ "interactive": "sometimes", "steps": [{ "present": true }] }"#)
            == #"flow.json.interactive: expected one of "presentation", "dismissal", "both", got "sometimes""#)
        #expect(Self.error(#"[{ "pan": "began", "x": 1 }]"#) == "flow.json.steps[0].y: missing; expected a number")
        #expect(Self.error(#"[{ "finish": false }]"#) == "flow.json.steps[0].finish: expected true (leave the event out instead of false)")
    }

    @Test func aFileThatCannotBeReadIsNamed() throws {
        let missing = URL(fileURLWithPath: "/tmp/no-such-scenario-\(UUID().uuidString).json")
        #expect(throws: SceneError.self) { try Scenario(contentsOf: missing) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data("{ nope".utf8).write(to: file)
        do {
            _ = try Scenario(contentsOf: file)
            Issue.record("read a file that is not JSON")
        } catch {
            #expect(error.message.hasPrefix("bad.json: not JSON: "))
        }
    }
}
