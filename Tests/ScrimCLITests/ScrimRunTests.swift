import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// The plugin author's loop with the real executable: `scrim run`'s values, events, plugin
/// output and interaction files, and `scrim check` with sibling plugins and `--plugins`.
@Suite struct ScrimRunTests {
    static let cells = ScrimCLITests.cells

    /// A fresh directory holding `files`.
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = try ScrimCLITests.temporaryDirectory()
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// The `details` entry of the JSON frame at `time`.
    static func details(in lines: [String], at time: Double) throws -> JSONValue? {
        for line in lines {
            let frame = try JSONValue(parsing: line)
            guard let at = frame["time"]?.doubleValue, abs(at - time) < 1e-9 else { continue }
            return frame["views"]?.arrayValue?.first { $0["id"] == "details" }
        }
        return nil
    }

    // MARK: Values

    @Test func jsonLinesCarryThePresentationValuesTheTableShows() async throws {
        let table = try await ScrimExecutable.run(["run"])
        let json = try await ScrimExecutable.run(["run", "--json"])
        #expect(table.status == 0 && json.status == 0, "\(table.stderr)\(json.stderr)")
        let row = try #require(table.stdoutLines.first { $0.hasPrefix("0.0333  details") })
        #expect(Self.cells(row) == ["0.0333", "details", "(19.31, 115.84, 351.39, 222.32)", "1.000", "19.31"])
        let details = try #require(try Self.details(in: json.stdoutLines, at: 2.0 / 60))
        let frame = try #require(details["frame"])
        let shown = String(
            format: "(%.2f, %.2f, %.2f, %.2f)", frame["x"]?.doubleValue ?? .nan, frame["y"]?.doubleValue ?? .nan,
            frame["width"]?.doubleValue ?? .nan, frame["height"]?.doubleValue ?? .nan)
        #expect(shown == "(19.31, 115.84, 351.39, 222.32)")
        #expect(String(format: "%.2f", details["cornerRadius"]?.doubleValue ?? .nan) == "19.31")
        // The model values would be the end state: the window's bounds and no corner radius.
        #expect(frame["width"]?.doubleValue != 390)
    }

    @Test func pushPushesTheTemplateOnTheNavigationControllerAndDismissPops() async throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-nav-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scene) }
        let full = #"{ "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } }"#
        try """
            { "window": { "width": 390, "height": 844 }, "root": "nav", "viewControllers": [
              { "id": "nav", "kind": "navigation", "view": \(full), "children": ["list"] },
              { "id": "list", "view": \(full) }, { "id": "detail", "view": \(full) } ] }
            """.write(to: scene, atomically: true, encoding: .utf8)
        let result = try await ScrimExecutable.run(["run", "Plugins/slide.lua", "--scene", scene.path, "--push", "--dismiss", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") }
        #expect(events == [
            "== push (transition 1, list → detail) ==", "0.1000  * transition 1 began", "0.5000  * push completion(true)",
            "0.5000  * transition 1 completed", "== pop (transition 2, detail → list) ==", "0.6000  * transition 2 began",
            "1.0000  * pop completion(true)", "1.0000  * transition 2 completed",
        ])
        // Half way through the push's 0.35 s ease-in-out: 0.3 s in, the detail view is far in.
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("0.3000  detail") })
        #expect(Self.cells(row)[2] == "(147.59, 0.00, 390.00, 844.00)")

        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-plain-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: plain) }
        try """
            { "window": { "width": 390, "height": 844 }, "root": "list", "viewControllers": [
              { "id": "list", "view": \(full) }, { "id": "detail", "view": \(full) } ] }
            """.write(to: plain, atomically: true, encoding: .utf8)
        let noNavigation = try await ScrimExecutable.run(["run", "--push", "--scene", plain.path])
        #expect(noNavigation.status == 1)
        #expect(noNavigation.stderr.contains("scrim run: --push: --scene \(plain.path): the scene has no navigation controller in the window"))
        let withStyle = try await ScrimExecutable.run(["run", "--push", "--style", "fullScreen"])
        #expect(withStyle.status == 2)
        #expect(withStyle.stderr.contains("--style is a presentation's: a push has no presentation style"))
    }

    /// A navigation delegate that defines no animator: the built-in slide runs, and the plugin is
    /// told what is shown.
    static let observer = """
        local Observer = {}
        function Observer:willShow(vc, animated) print("willShow", vc.id) end
        function Observer:didShow(vc, animated) print("didShow", vc.id) end
        return Observer

        """

    /// The frame cell of the row of `view` at `time`, if the table has one.
    static func frame(of view: String, at time: String, in lines: [String]) -> String? {
        lines.first { cells($0).count == 5 && cells($0)[0] == time && cells($0)[1] == view }.map { cells($0)[2] }
    }

    @Test func pushOnTheDemoSlidesDetailsOverHomeWithThePluginAsTheNavigationDelegate() async throws {
        let directory = try Self.directory(["observer.lua": Self.observer])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "observer.lua", "--push", "--dismiss", "--fps", "20"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        let events = lines.filter { $0.contains("==") || $0.contains("* ") || $0.contains("[observer.lua") }
        #expect(events == [
            "== push (transition 1, home → details) ==", "0.0500  * transition 1 began", "0.0500  [observer.lua:2] willShow\tdetails",
            "0.4000  [observer.lua:3] didShow\tdetails", "0.4000  * push completion(true)", "0.4000  * transition 1 completed",
            "== pop (transition 2, details → home) ==", "0.4500  * transition 2 began", "0.4500  [observer.lua:2] willShow\thome",
            "0.8000  [observer.lua:3] didShow\thome", "0.8000  * pop completion(true)", "0.8000  * transition 2 completed",
        ])
        // The built-in slide: 0.35 s, ease-in-out; details from x = 390 to 0, home from 0 to −117
        // (30 % of the width), then back for the pop.
        #expect(Self.frame(of: "home", at: "0.0000", in: lines) == "(0.00, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "details", at: "0.0500", in: lines) == "(390.00, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "details", at: "0.2500", in: lines) == "(147.59, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.2500", in: lines) == "(-72.72, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "details", at: "0.4000", in: lines) == "(0.00, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.4500", in: lines) == "(-117.00, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "details", at: "0.6000", in: lines) == "(147.59, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.6000", in: lines) == "(-72.72, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.8000", in: lines) == "(0.00, 0.00, 390.00, 844.00)")

        // The shipped slide.lua animates the same push as the navigation controller's delegate.
        let slide = try await ScrimExecutable.run(["run", "Plugins/slide.lua", "--push", "--dismiss", "--fps", "10"])
        #expect(slide.status == 0, "\(slide.stderr)")
        #expect(slide.stdoutLines.contains("== push (transition 1, home → details) =="))
        #expect(Self.frame(of: "details", at: "0.3000", in: slide.stdoutLines) == "(147.59, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.3000", in: slide.stdoutLines) == "(-72.72, 0.00, 390.00, 844.00)")
        #expect(Self.frame(of: "home", at: "0.6000", in: slide.stdoutLines) == "(-117.00, 0.00, 390.00, 844.00)")
        #expect(slide.stdoutLines.contains("1.0000  * pop completion(true)"))
    }

    @Test func crossfadesAlphaChangesFromFrameToFrameInJSON() async throws {
        let result = try await ScrimExecutable.run(["run", "Plugins/crossfade.lua", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        var alphas: [Double] = []
        for line in result.stdoutLines {
            let views = try JSONValue(parsing: line)["views"]?.arrayValue ?? []
            if let alpha = views.first(where: { $0["id"] == "details" })?["alpha"]?.doubleValue { alphas.append(alpha) }
        }
        #expect(alphas.first == 0)
        #expect(alphas.last == 1)
        #expect(alphas.filter { $0 > 0 && $0 < 1 }.count >= 10)
        #expect(alphas == alphas.sorted())
    }

    // MARK: Events and output

    static let chatty = """
        local Chatty = {}

        function Chatty:transitionDuration(ctx) return 0.1 end

        function Chatty:animateTransition(ctx)
          local to = ctx:view("to")
          if to ~= nil then ctx.containerView:addSubview(to) end
          local badge = scrim.View.new{ name = "badge", frame = scrim.Rect(0, 0, 10, 10) }
          ctx.containerView:addSubview(badge)
          print("start", ctx.isPresenting)
          scrim.animate{ duration = 0.1, animations = function() badge.alpha = 0 end,
            completion = function()
              scrim.log("done")
              badge:removeFromSuperview()
              ctx:completeTransition(true)
            end }
        end

        return Chatty

        """

    @Test func theTableShowsEventsPluginOutputAndNamedViewsInOrder() async throws {
        let directory = try Self.directory(["chatty.lua": Self.chatty])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", directory.appendingPathComponent("chatty.lua").path, "--dismiss"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        try #require(lines.count > 2)
        #expect(Self.cells(lines[0]) == ["time", "view", "frame", "alpha", "cornerRadius"])
        let marks = lines.dropFirst(2).filter { !$0.hasPrefix("0") || $0.contains("*") || $0.contains("[chatty.lua") }
        #expect(marks == [
            "== presentation (transition 1, nav → details) ==",
            "0.0167  * transition 1 began",
            "0.0167  [chatty.lua:10] start\ttrue",
            "0.1167  [chatty.lua:13] done",
            "0.1167  * present completion(true)",
            "0.1167  * transition 1 completed",
            "== dismissal (transition 2, details → nav) ==",
            "0.1333  * transition 2 began",
            "0.1333  [chatty.lua:10] start\tfalse",
            "0.2333  [chatty.lua:13] done",
            "0.2333  * dismiss completion(true)",
            "0.2333  * transition 2 completed",
        ])
        let badgeRows = lines.filter { Self.cells($0).count == 5 && Self.cells($0)[1].hasPrefix("badge (view-") }
        #expect(badgeRows.count >= 6)
        #expect(badgeRows.first.map { Self.cells($0)[3] } == "1.000")
    }

    @Test func jsonEventsInterleaveEventsLogsAndFrames() async throws {
        let directory = try Self.directory(["chatty.lua": Self.chatty])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", directory.appendingPathComponent("chatty.lua").path, "--json", "--events"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.stdoutLines.map { try JSONValue(parsing: $0) }
        try #require(objects.count > 8)
        let kinds = objects.map { object -> String in
            if let event = object["event"]?.stringValue { return event }
            if object["log"] != nil { return "log" }
            return object["views"] != nil ? "frame" : "?"
        }
        // Frames at 0 and at the tick the transition began, the log of animateTransition between.
        #expect(Array(kinds.prefix(4)) == ["frame", "began", "log", "frame"])
        // The last tick removes the badge: its log, the completion and the end, and no frame.
        #expect(Array(kinds.suffix(4)) == ["frame", "log", "completion", "ended"])
        let log = try #require(objects.first { $0["log"] != nil })
        #expect(log == ["time": .double(1.0 / 60), "log": "start\ttrue", "plugin": "chatty", "file": "chatty.lua", "line": 10])
        #expect(objects[1] == [
            "time": .double(1.0 / 60), "event": "began", "transition": 1, "kind": "presentation", "from": "nav",
            "to": "details", "interactive": false,
        ])
        var previous = -1.0
        for object in objects {
            let time = try #require(object["time"]?.doubleValue)
            #expect(time >= previous)
            previous = time
        }
    }

    @Test func eventsWithoutJSONIsAUsageError() async throws {
        let result = try await ScrimExecutable.run(["run", "--events"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--events goes with --json"))
    }

    // MARK: Interaction files

    static let drag = """
        local Drag = { percentDriven = true }

        function Drag:transitionDuration(ctx) return 0.5 end

        function Drag:animateTransition(ctx)
          local to = ctx:view("to")
          ctx.containerView:addSubview(to)
          scrim.animate{ duration = 0.5, animations = function() to.alpha = 0.5 end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end

        function Drag:handleGesture(gesture)
          print("gesture", gesture.state)
        end

        return Drag

        """

    @Test func percentUpdatesFromAFileDriveTheTransitionToItsEnd() async throws {
        let directory = try Self.directory([
            "drag.lua": Self.drag,
            "percent.json": #"[{"time": 0.05, "percent": 0.3}, {"time": 0.1, "percent": 0.6}, {"time": 0.15, "finish": true}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "drag.lua", "--interaction", "percent.json"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(lines.contains("== presentation (transition 1, nav → details, interactive) =="))
        #expect(lines.contains("0.0500  > percent 0.3"))
        #expect(lines.contains("0.1500  > finish"))
        // Paused at 30 %, then 60 % of the time (alpha 1 → 0.5 with ease-in-out: 0.906, 0.666), then
        // eased to the end. Each update shows on the tick after its time.
        let at = { (time: String) in lines.first { $0.hasPrefix("\(time)  details") }.map { Self.cells($0)[3] } }
        #expect(at("0.0667") == "0.906")
        #expect(at("0.1167") == "0.666")
        #expect(at("0.1500") == "0.666")
        #expect(at("0.1667") == "0.662")
        // The rest, 40 % of 0.5 s, runs in 0.2 s: completed at 0.35.
        #expect(lines.contains("0.3500  * present completion(true)"))
        #expect(lines.contains("0.3500  * transition 1 completed"))
    }

    static let longDrag = #"""
        [{"time": 0.05, "pan": "began", "x": 200, "y": 100},
         {"time": 0.1, "pan": "changed", "x": 200, "y": 400},
         {"time": 0.15, "pan": "changed", "x": 200, "y": 600},
         {"time": 0.2, "pan": "ended", "x": 200, "y": 600}]
        """#

    static let shortDrag = #"""
        [{"time": 0.05, "pan": "began", "x": 200, "y": 100},
         {"time": 0.1, "pan": "changed", "x": 200, "y": 200},
         {"time": 0.2, "pan": "ended", "x": 200, "y": 200}]
        """#

    @Test func swipeFinishesALongDragAndCancelsAShortOne() async throws {
        let directory = try Self.directory(["long.json": Self.longDrag, "short.json": Self.shortDrag])
        defer { try? FileManager.default.removeItem(at: directory) }
        let swipe = ScrimExecutable.plugins.appendingPathComponent("swipe.lua").path
        let long = try await ScrimExecutable.run(["run", swipe, "--animator", "diagonal", "--interaction", "long.json"], in: directory)
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdoutLines.contains("0.0500  > pan began at (200, 100)"))
        #expect(long.stdoutLines.contains("0.2000  > pan ended at (200, 600)"))
        #expect(long.stdoutLines.contains("0.4167  * transition 1 completed"))
        let short = try await ScrimExecutable.run(["run", swipe, "--animator", "diagonal", "--interaction", "short.json"], in: directory)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(short.stdoutLines.contains("0.2667  * present completion(false)"))
        #expect(short.stdoutLines.contains("0.2667  * transition 1 cancelled"))
    }

    @Test func anInteractionOnlyPluginNeedsAnAnimator() async throws {
        let result = try await ScrimExecutable.run(["run", "Plugins/swipe.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("swipe plays the interaction role only"))
        #expect(result.stderr.contains("--animator"))
    }

    @Test func theWatchdogPointsAtTheMethodItWaitedOn() async throws {
        let directory = try Self.directory(["drag.lua": Self.drag])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "drag.lua"], in: directory)
        #expect(result.status == 1)
        // No startInteractiveTransition of its own: the fault lands on handleGesture (line 12).
        #expect(result.stderr.contains(
            "drag.lua:12:1: error: the interactive transition (animator 'drag') was left without an update for 30 s after startInteractiveTransition; the host cancelled it"))
        #expect(!result.stderr.contains("drag.lua:1:1:"))
        #expect(result.stdoutLines.contains("30.0333  * transition 1 cancelled"))
    }

    @Test(arguments: [
        (#"[{"time": 0.2, "percent": 0.3}, {"time": 0.1, "finish": true}]"#,
         "bad.json[1].time: events must be in time order: 0.1 comes after 0.2"),
        (#"[{"time": 0.2, "percent": 0.3, "speed": 2}]"#, #"bad.json[0].speed: unknown field; a percent event has "time", "percent""#),
        (#"[{"time": 1e999, "percent": 0.3}]"#, "bad.json[0].time: expected a finite number"),
        (#"[{"time": 0.1, "pan": "began", "x": 10}]"#, "bad.json[0].y: missing; expected a number"),
        (#"[{"time": 0.1, "percent": 0.5, "finish": true}]"#, #"bad.json[0]: one action per event, got "percent" and "finish""#),
        (#"{"time": 0.1}"#, "bad.json: expected an array of events, got an object"),
        (#"[{"time": 0, "percent": 0.3}]"#, "bad.json[0] (time 0): no transition is running"),
        ("[", "bad.json: not JSON"),
    ])
    func aBadInteractionFileExitsOneNamingTheEventAndField(file: String, message: String) async throws {
        let directory = try Self.directory(["drag.lua": Self.drag, "bad.json": file])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "drag.lua", "--interaction", "bad.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("scrim run: --interaction \(message)"), "\(result.stderr)")
    }

    /// Docs/WritingAnimators.md, "Driving it from the command line", works as the page shows: its
    /// files (blocks marked `<!-- file: NAME -->`: Lua plugins into `MyPlugins/`, JSON beside it)
    /// are written out, each `<!-- output: ARGS -->` block's command is run, and its lines (but
    /// `…`) come in that order in the output.
    @Test func theTutorialsInteractionFileDoesWhatThePageShows() async throws {
        let page = try String(
            contentsOf: ScrimExecutable.repositoryRoot.appendingPathComponent("Docs/WritingAnimators.md"), encoding: .utf8)
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("MyPlugins"), withIntermediateDirectories: true)
        var outputs: [(arguments: [String], lines: [String])] = []
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            guard let match = line.wholeMatch(of: /<!-- (file|output): (.+) -->/), index + 1 < lines.count else { continue }
            let body = Array(lines[(index + 2)...].prefix { $0 != "```" })
            let name = String(match.output.2)
            if match.output.1 == "output" {
                outputs.append((name.split(separator: " ").map(String.init), body))
            } else {
                let place = name.hasSuffix(".lua") ? "MyPlugins/\(name)" : name
                try (body.joined(separator: "\n") + "\n").write(
                    to: directory.appendingPathComponent(place), atomically: true, encoding: .utf8)
            }
        }
        try #require(outputs.count == 1)
        for (arguments, expected) in outputs {
            let result = try await ScrimExecutable.run(["run"] + arguments, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            var remaining = result.stdoutLines[...]
            for line in expected where line != "…" {
                guard let found = remaining.firstIndex(of: line) else {
                    Issue.record("scrim run \(arguments.joined(separator: " ")) does not print, in the page's order: \(line)")
                    break
                }
                remaining = remaining[(found + 1)...]
            }
        }
        // The page's variant: released past half-way, the dismissal finishes.
        let finish = try String(contentsOf: directory.appendingPathComponent("swipe-cancel.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"y\": 511", with: "\"y\": 806.4")
        try finish.write(to: directory.appendingPathComponent("swipe-finish.json"), atomically: true, encoding: .utf8)
        let finished = try await ScrimExecutable.run(
            ["run", "MyPlugins/home.lua", "--dismiss", "--interaction", "swipe-finish.json"], in: directory)
        #expect(finished.stdoutLines.contains("1.8333  * dismiss completion(true)"))
        #expect(finished.stdoutLines.contains("1.8333  * transition 2 completed"))
    }

    // MARK: Plugin directories and check

    static let myPop = """
        local Pop = require("pop")
        local MyPop = setmetatable({}, { __index = Pop })

        function MyPop:dismissCompletion(ctx)
          Pop.dismissCompletion(self, ctx)
          scrim.log("card is back")
        end

        return MyPop

        """

    @Test func checkFindsSiblingsAndShippedPluginsWithPlugins() async throws {
        let sheet = try await ScrimExecutable.run(["check", "Plugins/sheet.lua"])
        #expect(sheet.status == 0, "\(sheet.stdout)\(sheet.stderr)")
        #expect(sheet.stdout.isEmpty)
        #expect(sheet.stderr == "1 file checked, no problems\n")

        let directory = try Self.directory(["mypop.lua": Self.myPop])
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = try await ScrimExecutable.run(["check", "mypop.lua"], in: directory)
        #expect(alone.status == 1)
        #expect(alone.stdout.contains("mypop.lua:1:"))
        #expect(alone.stdout.contains("module 'pop' not found"))
        #expect(alone.stderr == "1 file checked: 1 error\n")
        let withShipped = try await ScrimExecutable.run(["check", "mypop.lua", "--plugins", ScrimExecutable.plugins.path], in: directory)
        #expect(withShipped.status == 0, "\(withShipped.stdout)")
        #expect(withShipped.stderr == "1 file checked, no problems\n")
    }

    @Test func runPlaysASubclassOfAShippedPlugin() async throws {
        let directory = try Self.directory(["mypop.lua": Self.myPop])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(
            ["run", "mypop.lua", "--plugins", ScrimExecutable.plugins.path, "--dismiss"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.contains { $0.hasSuffix("[mypop.lua:6] card is back") })
        #expect(result.stdoutLines.contains { $0.hasSuffix("[pop.lua:90] dismissed back to Rect(20, 120, 350, 200)") })
    }

    /// A copy of a shipped plugin, under the same name, plays with the shipped directory named:
    /// its own directory comes first, so it keeps the name; the shipped file is the one refused.
    @Test func runPlaysACopyOfAShippedPluginUnderItsName() async throws {
        let shipped = try String(contentsOf: ScrimExecutable.plugins.appendingPathComponent("pop.lua"), encoding: .utf8)
        let copy = shipped.replacingOccurrences(of: "\n  duration = 0.8,", with: "\n  duration = 0.25,")
        #expect(copy != shipped)
        let directory = try Self.directory(["pop.lua": copy])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "pop.lua", "--plugins", ScrimExecutable.plugins.path], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // The copy's quarter second, not the shipped 0.8 s: it completes on the frame after 0.25 s.
        #expect(result.stdoutLines.contains("0.2667  * transition 1 completed"), "\(result.stdout)")

        let check = try await ScrimExecutable.run(
            ["check", "--plugins", ScrimExecutable.plugins.path, "pop.lua", ScrimExecutable.plugins.appendingPathComponent("pop.lua").path],
            in: directory)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stderr == "2 files checked, no problems\n")
    }

    @Test func checkSkipsTypeDeclarationFiles() async throws {
        let result = try await ScrimExecutable.run(["check", "Plugins/scrim.d.lua", "Plugins/pop.lua"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "1 file checked, no problems (1 type-declaration or hidden file skipped)\n")
    }

    @Test(arguments: [["run"], ["check", "Plugins/pop.lua"], ["serve"]])
    func aMissingPluginDirectoryIsAUsageError(command: [String]) async throws {
        let result = try await ScrimExecutable.run(command + ["--plugins", "/nonexistent/plugins"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--plugins: '/nonexistent/plugins' is not a directory"))
    }
}
