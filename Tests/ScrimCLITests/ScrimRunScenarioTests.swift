import Foundation
import Testing

/// `scrim run --scenario FILE.json` and `scrim preview --scenario` as a user runs them: the shipped
/// example scenarios play cleanly with what each shows, a scenario's bad input is an error naming
/// the field, and the options that are shorthands for steps do not go with it.
@Suite struct ScrimRunScenarioTests {
    /// Each shipped scenario and lines its timeline must have, in order.
    static let shipped: [(file: String, lines: [String])] = [
        ("cube.json", ["== push (transition 1, home → details) ==", "-- step 3 'back': pop --", "== pop (transition 2, details → home) ==",
                       "* pop completion(true)"]),
        ("crossfade.json", ["-- step 1 'presentation': present details --", "* present completion(true)", "-- step 2: wait 0.25 s --",
                            "-- step 3 'dismissal': dismiss details --", "* dismiss completion(true)"]),
        ("diagonal.json", ["-- step 1 'presentation': present details --", "1.2000  -- step 2 'dismissal': dismiss details --",
                           "* dismiss completion(true)"]),
        ("dimming.json", ["-- step 2 'landscape': size 844 × 390 --", "-- step 3 'portrait': size 390 × 844 --", "* dismiss completion(true)"]),
        ("flip.json", ["== presentation (transition 1, nav → details) ==", "0.1000  card2 ", "0.4000  snapshot of card2",
                       "* present completion(true)", "-- step 3 'dismissal': dismiss details --", "* dismiss completion(true)"]),
        ("parallax.json", ["* push completion(true)", "> pan began at (8, 420)", "== pop (transition 2, details → home, interactive) ==",
                           "> pan ended at (300, 424)", "* transition 2 completed"]),
        ("pop.json", ["> tap at (195, 440) on card2", "== segue showRecipe2 (show, home → details) ==", "-- step 3 'close': tap details.close --",
                      "== segue close (unwind, details → home) ==", "* transition 2 completed"]),
        ("sheet.json", ["== dismissal (transition 2, details → nav, interactive) ==", "> pan ended at (195, 760)", "* dismiss completion(true)"]),
        ("slide.json", ["== segue showRecipe1 (show, home → details) ==", "-- step 2 'back': pop --", "* pop completion(true)"]),
        ("swipe.json", ["== presentation (transition 1, nav → details) ==", "== dismissal (transition 2, details → nav, interactive) ==",
                        "* dismiss completion(true)"]),
        ("zoomsegue.json", ["== segue zoom2 (custom, list → detail) ==", "== segue back (unwind, detail → list) ==",
                            "* transition 2 completed"]),
    ]

    @Test(arguments: shipped.map(\.file))
    func aShippedScenarioPlaysAloneAndCleanly(file: String) async throws {
        let expected = try #require(Self.shipped.first { $0.file == file }).lines
        let result = try await ScrimExecutable.run(["run", "--scenario", "Plugins/scenarios/\(file)", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        var remaining = expected[...]
        for line in result.stdoutLines where remaining.first.map(line.contains) == true { remaining.removeFirst() }
        #expect(remaining.isEmpty, "missing \(Array(remaining)) in:\n\(result.stdout)")
        #expect(!result.stdout.contains("! warning"))
    }

    @Test func everyShippedPluginHasAScenarioOfTwoStepsOrMore() throws {
        let plugins = try FileManager.default.contentsOfDirectory(atPath: ScrimExecutable.plugins.path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }.map { String($0.dropLast(4)) }
        #expect(Set(plugins) == Set(Self.shipped.map { String($0.file.dropLast(5)) }))
        for (file, _) in Self.shipped {
            let data = try Data(contentsOf: ScrimExecutable.plugins.appendingPathComponent("scenarios/\(file)"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((object["steps"] as? [Any])?.count ?? 0 >= 2, "\(file)")
        }
    }

    @Test func aScenarioStepTimedFromTheDismissalAndTheSameInputOnTheClockThatMissesIt() async throws {
        let directory = try ScrimRunTests.directory([
            "early.json": #"[{ "time": 0.1, "percent": 0.5 }, { "time": 0.2, "finish": true }]"#,
            "relative.json": """
                { "animator": "crossfade", "steps": [{ "present": true }, { "name": "dismissal", "dismiss": true },
                  { "percent": 0.5, "at": 0.1, "from": "dismissal" }, { "finish": true, "at": 0.2, "from": "dismissal" }] }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        // On the clock, the input falls during the presentation, which animates: the dismissal
        // then waits, and the last line says where the input went.
        let early = try await ScrimExecutable.run([
            "run", "Plugins/swipe.lua", "--animator", "crossfade", "--dismiss", "--interaction", directory.appendingPathComponent("early.json").path,
            "--fps", "10",
        ])
        #expect(early.status == 1)
        #expect(early.stderr.split(separator: "\n").last.map(String.init) == """
            scrim run: interactive transition 2 (dismissal, 0.5–30.6 s) got no input: the 2 input events were delivered at 0.1–0.2 s, \
            outside it; time them from its step with "at" and "from" in a --scenario (see Docs/CLI.md)
            """)
        #expect(early.stdout.contains("! warning") == false)
        let relative = try await ScrimExecutable.run([
            "run", "Plugins/swipe.lua", "--scenario", directory.appendingPathComponent("relative.json").path, "--fps", "10",
        ])
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stdoutLines.contains("0.5000  > percent 0.5"))
        #expect(relative.stdoutLines.contains("0.6000  > finish"))
        #expect(relative.stdoutLines.contains("0.8000  * dismiss completion(true)"))
    }

    @Test func aPanThatReachesNoRecognizerIsAWarningLine() async throws {
        let directory = try ScrimRunTests.directory([
            "pan.json": #"[{ "push": true }, { "pan": "began", "x": 100, "y": 400 }, { "pan": "ended", "x": 300, "y": 400, "at": 0.1 }]"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run([
            "run", "Plugins/parallax.lua", "--scenario", directory.appendingPathComponent("pan.json").path, "--fps", "10",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.contains("0.5000  ! warning: pan began at (100, 400): no gesture recognizer received it"))
        let json = try await ScrimExecutable.run([
            "run", "Plugins/parallax.lua", "--scenario", directory.appendingPathComponent("pan.json").path, "--fps", "10", "--json", "--events",
        ])
        #expect(json.stdoutLines.contains(#"{"time":0.5,"event":"warning","warning":"pan began at (100, 400): no gesture recognizer received it"}"#))
        #expect(json.stdoutLines.contains(#"{"time":0.0,"event":"step","step":1,"label":"step 1: push"}"#))
    }

    @Test func theContainerStepsAsAProcess() async throws {
        let view = #"{ "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } }"#
        let directory = try ScrimRunTests.directory([
            "tabs.json": """
                { "window": { "width": 390, "height": 844 }, "root": "tabs", "viewControllers": [
                  { "id": "tabs", "kind": "tabBar", "children": ["nav", "settings"], "view": \(view) },
                  { "id": "nav", "kind": "navigation", "children": ["list"], "view": \(view) },
                  { "id": "list", "view": \(view) }, { "id": "settings", "view": \(view) },
                  { "id": "detail", "view": \(view) }, { "id": "more", "view": \(view) } ] }
                """,
            "flow.json": """
                { "scene": "tabs.json", "steps": [
                  { "show": "detail", "source": "list" }, { "push": "more" }, { "popToRoot": "nav" },
                  { "selectTab": "settings" }, { "selectTab": 0 }, { "showDetail": "detail", "source": "list" },
                  { "cancel": true, "at": 0.05 } ] }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run([
            "run", "Plugins/crossfade.lua", "--scenario", directory.appendingPathComponent("flow.json").path, "--fps", "10",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let headings = result.stdoutLines.filter { $0.hasPrefix("== ") || $0.contains(" -- step ") || $0.contains("completion(") }
        #expect(headings == [
            "0.0000  -- step 1: show detail --", "== push (transition 1, list → detail) ==", "0.4000  * push completion(true)",
            "0.4000  -- step 2: push more --", "== push (transition 2, detail → more) ==", "0.8000  * push completion(true)",
            "0.8000  -- step 3: popToRoot nav --", "== pop (transition 3, more → list) ==", "1.2000  * pop completion(true)",
            "1.2000  -- step 4: selectTab settings --", "== tab (transition 4, nav → settings) ==", "1.6000  * select completion(true)",
            "1.6000  -- step 5: selectTab 0 --", "== tab (transition 5, settings → nav) ==", "2.0000  * select completion(true)",
            "2.0000  -- step 6: showDetail detail --", "== presentation (transition 6, tabs → detail) ==",
            "2.4000  * present completion(true)",
        ])
        // The cancel 0.05 s after the presentation began acts on nothing interactive: it is delivered and goes nowhere.
        #expect(result.stdoutLines.contains("2.1000  > cancel") || result.stdoutLines.contains { $0.hasSuffix("> cancel") })
    }

    @Test func badScenariosAndOptionsThatDoNotGoWithThemAreRefused() async throws {
        let directory = try ScrimRunTests.directory([
            "typo.json": #"{ "steps": [{ "name": "presentation", "present": true }, { "finish": true, "at": 0.1, "from": "presentaton" }] }"#,
            "missing.json": #"{ "steps": [{ "present": "detail" }] }"#,
            "ok.json": #"[{ "present": true }]"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let typo = try await ScrimExecutable.run(["run", "--scenario", path("typo.json")])
        #expect(typo.status == 1)
        #expect(typo.stderr == "scrim run: --scenario typo.json.steps[1].from: no step before this one is named 'presentaton' (named: 'presentation')\n")
        let missing = try await ScrimExecutable.run(["run", "--scenario", path("missing.json")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "scrim run: missing.json.steps[0]: no view controller 'detail' in the scene (known: nav, home, details, about)\n")
        let withDismiss = try await ScrimExecutable.run(["run", "--scenario", path("ok.json"), "--dismiss"])
        #expect(withDismiss.status == 2)
        #expect(withDismiss.stderr.contains("--scenario says the steps: --push, --dismiss, --segue, --tap and --interaction are shorthands for steps"))
        let absent = try await ScrimExecutable.run(["run", "--scenario", path("absent.json")])
        #expect(absent.status == 2)
        let word = try await ScrimExecutable.run(["run", "Plugins/swipe.lua", "--animator", "crossfade", "--interactive", "sometimes"])
        #expect(word.status == 2)
        #expect(word.stderr.contains("--interactive: expected presentation, dismissal or both, got 'sometimes'"))
        let noInteraction = try await ScrimExecutable.run(["run", "Plugins/pop.lua", "--interactive", "both"])
        #expect(noInteraction.status == 2)
        #expect(noInteraction.stderr.contains("--interactive says which transitions a plugin's interaction drives: pop plays no interaction role"))
        let delegate = try await ScrimExecutable.run(["run", "Plugins/sheet.lua", "--interactive", "both"])
        #expect(delegate.status == 2)
        #expect(delegate.stderr.contains("sheet is a delegate, which vends its interactions itself"))
    }

    @Test func previewWritesThePageOfAScenarioWithItsStepsMarked() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("pop.html").path
        let result = try await ScrimExecutable.run(["preview", "--scenario", ScrimExecutable.plugins.appendingPathComponent("scenarios/pop.json").path, "-o", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(page): "))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("step 1 &#39;open&#39;: tap card2") || html.contains("step 1 'open': tap card2"))
        #expect(html.contains("segue close (unwind, details → home)"))
    }
}
