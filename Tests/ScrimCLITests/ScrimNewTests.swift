import Foundation
import Testing

/// `scrim new ROLE NAME [--dir DIR]` with the real executable (Docs/CLI.md): for each role, the
/// file written loads cleanly with `scrim check` and plays without faults with the command
/// `scrim new` prints (or, for an interaction, with timed input); and the refusals.
@Suite struct ScrimNewTests {
    /// What `scrim new` printed and wrote.
    struct Made {
        var directory: URL
        var stdoutLines: [String]

        /// The path of `file` in the directory, as `scrim new` prints it.
        func path(_ file: String) -> String { directory.path + "/" + file }
    }

    /// Runs `scrim new ROLE NAME --dir D` in a fresh directory D and requires exit 0, no stderr,
    /// and each file of `files` there.
    static func make(_ role: String, _ name: String, files: [String]? = nil) async throws -> Made {
        let directory = try ScrimCLITests.temporaryDirectory()
        let result = try await ScrimExecutable.run(["new", role, name, "--dir", directory.path], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        for file in files ?? ["\(name).lua"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
        return Made(directory: directory, stdoutLines: result.stdoutLines)
    }

    /// `scrim check --play FILE` exits 0 with no diagnostic and no fault (the summary goes to
    /// stderr, as stdout is a pipe).
    static func expectClean(_ file: String, in directory: URL) async throws {
        let check = try await ScrimExecutable.run(["check", "--play", file], in: directory)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.isEmpty)
        #expect(check.stderr == "1 file checked, no problems\n")
    }

    /// Runs the command of a `next:` or `or:` line (without `scrim`) at 10 fps, requires exit 0
    /// and nothing on stderr, and returns the timeline's lines.
    static func play(_ line: String, in directory: URL) async throws -> [String] {
        let command = try #require(line.split(separator: ": ", maxSplits: 1).last)
        let words = command.split(separator: " ").map(String.init)
        try #require(words.first == "scrim")
        let result = try await ScrimExecutable.run(Array(words.dropFirst()) + ["--fps", "10"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return result.stdoutLines
    }

    /// Requires `scrim new`'s lines: `wrote PATH (WHAT)` for each file (its name, what it is),
    /// then `scrim run` and `scrim preview --serve` with the first file and `play`.
    static func expectPrinted(_ made: Made, _ wrote: KeyValuePairs<String, String>, play: String) {
        let file = made.path(wrote.first?.key ?? "")
        #expect(made.stdoutLines == wrote.map { "wrote \(made.path($0.key)) (\($0.value))" } + [
            "next: scrim run \(file) \(play)", "  or: scrim preview --serve \(file) \(play)",
        ])
    }

    /// The timeline's transition and event lines (`==`, `*`, `>` and plugin output).
    static func events(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("==") || $0.contains("  * ") || $0.contains("  > ") || $0.contains("  [") }
    }

    /// The cells of the rows of `view`.
    static func rows(of view: String, in lines: [String]) -> [[String]] {
        lines.map(ScrimCLITests.cells).filter { $0.count == 5 && $0[1] == view }
    }

    @Test func anAnimatorPresentsAndDismisses() async throws {
        let made = try await Self.make("animator", "fade")
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("fade.lua")
        Self.expectPrinted(made, ["fade.lua": "an animator"], play: "--dismiss")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("-- fade.lua — an animator"))
        #expect(text.contains("---@class Fade: scrim.Animator\nlocal Fade = {"))
        #expect(text.contains("---@param ctx scrim.Context\nfunction Fade:animateTransition(ctx)"))
        try await Self.expectClean(file, in: made.directory)

        let lines = try await Self.play(made.stdoutLines[1], in: made.directory)
        #expect(Self.events(lines) == [
            "== presentation (transition 1, nav → details) ==", "0.1000  * transition 1 began", "0.5000  * present completion(true)",
            "0.5000  * transition 1 completed", "== dismissal (transition 2, details → nav) ==", "0.6000  * transition 2 began",
            "1.0000  * dismiss completion(true)", "1.0000  * transition 2 completed",
        ])
        // Presenting, the view starts transparent at 0.9 of its size, and ends in place, opaque.
        let details = Self.rows(of: "details", in: lines)
        #expect(details.first == ["0.1000", "details", "(19.50, 42.20, 351.00, 759.60)", "0.000", "0.00"])
        #expect(details.first { $0[0] == "0.5000" } == ["0.5000", "details", "(0.00, 0.00, 390.00, 844.00)", "1.000", "0.00"])
        #expect(details.last?[0] == "0.9000")
        #expect(details.last?[3] == "0.041")

        let pushed = try await Self.play("next: scrim run \(file) --push --dismiss", in: made.directory)
        #expect(Self.events(pushed).filter { $0.contains("completion") } == ["0.5000  * push completion(true)", "1.0000  * pop completion(true)"])
    }

    @Test func aPresentationControllerPresentsACardOverADimmingView() async throws {
        let made = try await Self.make("presentation", "card")
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("card.lua")
        Self.expectPrinted(made, ["card.lua": "a presentation controller"], play: "--dismiss")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("---@class Card: scrim.Presentation"))
        try await Self.expectClean(file, in: made.directory)

        let lines = try await Self.play(made.stdoutLines[1], in: made.directory)
        #expect(Self.events(lines).filter { $0.contains("completion") } == [
            "0.6000  * present completion(true)", "1.2000  * dismiss completion(true)",
        ])
        // The lower 60 % of the window (506 of 844 points), with rounded corners, over a dimming
        // view at alpha 0.4; both go away with the dismissal.
        let presented = Self.rows(of: "details", in: lines).first { $0[0] == "0.6000" }
        #expect(presented == ["0.6000", "details", "(0.00, 338.00, 390.00, 506.00)", "1.000", "16.00"])
        let dimming = Self.rows(of: "details.dimming", in: lines)
        #expect(dimming.first { $0[0] == "0.6000" }?[3] == "0.400")
        #expect(dimming.last?[0] == "1.1000")
        #expect(dimming.last?[3] == "0.033")
    }

    @Test func aNavigationDelegatePushesAndPops() async throws {
        let made = try await Self.make("delegate", "nav")
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("nav.lua")
        Self.expectPrinted(made, ["nav.lua": "a navigation controller's delegate"], play: "--push --dismiss")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("---@class NavSlide: scrim.Animator\nlocal slide = {"))
        #expect(text.contains("---@class Nav: scrim.Delegate\nlocal Nav = {}"))
        try await Self.expectClean(file, in: made.directory)

        let lines = try await Self.play(made.stdoutLines[1], in: made.directory)
        let events = Self.events(lines).map { $0.replacingOccurrences(of: #"\[nav\.lua:\d+\]"#, with: "[nav.lua]", options: .regularExpression) }
        #expect(events == [
            "== push (transition 1, home → details) ==", "0.1000  * transition 1 began", "0.1000  [nav.lua] will show\tdetails",
            "0.5000  [nav.lua] did show\tdetails", "0.5000  * push completion(true)", "0.5000  * transition 1 completed",
            "== pop (transition 2, details → home) ==", "0.6000  * transition 2 began", "0.6000  [nav.lua] will show\thome",
            "1.0000  [nav.lua] did show\thome", "1.0000  * pop completion(true)", "1.0000  * transition 2 completed",
        ])
        // The screen below drifts 30 % of the width (117 points) to the left, and comes back.
        let home = Self.rows(of: "home", in: lines)
        #expect(home.first { $0[0] == "0.6000" }?[2] == "(-117.00, 0.00, 390.00, 844.00)")
        #expect(home.last == ["1.0000", "home", "(0.00, 0.00, 390.00, 844.00)", "1.000", "0.00"])
        #expect(Self.rows(of: "details", in: lines).first?[2] == "(390.00, 0.00, 390.00, 844.00)")
    }

    @Test func anInteractionFollowsAPercentSweepAndADrag() async throws {
        let made = try await Self.make("interaction", "drag")
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("drag.lua")
        #expect(made.stdoutLines == [
            "wrote \(file) (an interaction controller)",
            "next: scrim preview --serve \(file) --animator crossfade --plugins \(ScrimExecutable.plugins.path)   (drag down on the page)",
        ])
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("---@class Drag: scrim.Interaction"))
        try await Self.expectClean(file, in: made.directory)

        // A percent sweep, then finish, driving an animator `scrim new` made beside it.
        let animator = try await ScrimExecutable.run(["new", "animator", "fade", "--dir", made.directory.path], in: made.directory)
        #expect(animator.status == 0)
        let input = """
            [ { "time": 0.1, "percent": 0.25 }, { "time": 0.2, "percent": 0.5 }, { "time": 0.3, "percent": 0.75 },
              { "time": 0.4, "finish": true } ]
            """
        try input.write(to: made.directory.appendingPathComponent("sweep.json"), atomically: true, encoding: .utf8)
        let swept = try await Self.play("next: scrim run \(file) --animator fade --interaction sweep.json", in: made.directory)
        #expect(Self.events(swept) == [
            "== presentation (transition 1, nav → details, interactive) ==", "0.1000  * transition 1 began", "0.1000  > percent 0.25",
            "0.2000  > percent 0.5", "0.3000  > percent 0.75", "0.4000  > finish", "0.5000  * present completion(true)",
            "0.5000  * transition 1 completed",
        ])
        #expect(Self.rows(of: "details", in: swept).first { $0[0] == "0.3000" }?[3] == "0.500")

        // Pans to the plugin's handleGesture, driving the shipped crossfade: dragged down 500 of
        // 844 points the presentation finishes; 200 points, slowly, it goes back.
        func drag(to y: Int) -> String {
            """
            [ { "time": 0.1, "pan": "began", "x": 195, "y": 100 }, { "time": 0.2, "pan": "changed", "x": 195, "y": \(100 + (y - 100) / 2) },
              { "time": 0.3, "pan": "changed", "x": 195, "y": \(y) }, { "time": 0.6, "pan": "ended", "x": 195, "y": \(y) } ]
            """
        }
        for (y, completed) in [(600, true), (300, false)] {
            try drag(to: y).write(to: made.directory.appendingPathComponent("drag.json"), atomically: true, encoding: .utf8)
            let dragged = try await Self.play(
                "next: scrim run \(file) --animator crossfade --plugins \(ScrimExecutable.plugins.path) --interaction drag.json", in: made.directory)
            let events = Self.events(dragged)
            #expect(events.first == "== presentation (transition 1, nav → details, interactive) ==")
            #expect(events.contains("0.6000  > pan ended at (195, \(y))"))
            #expect(events.filter { $0.contains("completion") }.map { $0.dropFirst(8) } == ["* present completion(\(completed))"])
        }
    }

    @Test func aSegueClassZoomsItsDestinationOutOfTheCard() async throws {
        let made = try await Self.make("segue", "zoomy", files: ["zoomy.lua", "zoomy.scene.json"])
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("zoomy.lua"), scene = made.path("zoomy.scene.json")
        Self.expectPrinted(
            made, ["zoomy.lua": "a custom segue class", "zoomy.scene.json": "a scene whose card's segue is of this class"],
            play: "--scene \(scene) --segue open --tap card")
        #expect(try String(contentsOfFile: scene, encoding: .utf8).contains(#""kind": "custom", "segueClass": "zoomy""#))
        try await Self.expectClean(file, in: made.directory)

        let lines = try await Self.play(made.stdoutLines[2], in: made.directory)
        #expect(Self.events(lines) == [
            "0.0000  > tap at (195, 220) on card", "== segue open (custom, list → detail) ==",
            "== presentation (transition 1, list → detail) ==", "0.1000  * transition 1 began", "0.1000  * transition 1 completed",
        ])
        let detail = Self.rows(of: "detail", in: lines)
        #expect(detail.first == ["0.1000", "detail", "(20.00, 120.00, 350.00, 200.00)", "1.000", "20.00"])
        #expect(detail.last == ["0.5000", "detail", "(0.00, 0.00, 390.00, 844.00)", "1.000", "0.00"])
    }

    @Test func aControllerHearsTheSegueAndTheAppearanceCallbacks() async throws {
        let made = try await Self.make("controller", "screen", files: ["screen.lua", "screen.scene.json"])
        defer { try? FileManager.default.removeItem(at: made.directory) }
        let file = made.path("screen.lua")
        Self.expectPrinted(
            made, ["screen.lua": "a view controller's behaviour", "screen.scene.json": "a scene whose screens have this behaviour"],
            play: "--scene \(made.path("screen.scene.json")) --segue open --tap card")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("---@class Screen: scrim.Controller"))
        try await Self.expectClean(file, in: made.directory)

        let lines = try await Self.play(made.stdoutLines[2], in: made.directory)
        let events = Self.events(lines).map { $0.replacingOccurrences(of: #"\[screen\.lua:\d+\]"#, with: "[screen.lua]", options: .regularExpression) }
        #expect(events == [
            "0.0000  [screen.lua] list\tprepareForSegue\topen\tto\tdetail", "0.0000  > tap at (195, 220) on card",
            "== segue open (present, list → detail) ==", "== presentation (transition 1, list → detail) ==", "0.1000  * transition 1 began",
            "0.1000  [screen.lua] list\tviewWillDisappear\ttrue", "0.1000  [screen.lua] detail\tviewWillAppear\ttrue",
            "0.6000  [screen.lua] detail\tviewDidAppear\ttrue", "0.6000  * transition 1 completed",
        ])
    }

    /// Every `scrim.…` type an annotation of a template names is declared in `Plugins/scrim.d.lua`,
    /// and each template annotates its class with its role's type.
    @Test func theTemplatesAnnotationsNameTypesOfScrimDLua() async throws {
        let declarations = try String(contentsOf: ScrimExecutable.plugins.appendingPathComponent("scrim.d.lua"), encoding: .utf8)
        let declared = Set(declarations.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("---@class scrim.") || line.hasPrefix("---@alias scrim.") else { return nil }
            return line.dropFirst(10).split(whereSeparator: { $0 == " " || $0 == ":" }).first.map(String.init)
        })
        try #require(declared.contains("scrim.Context"))
        let roles = ["animator": "Animator", "interaction": "Interaction", "presentation": "Presentation", "delegate": "Delegate",
                     "segue": "SegueClass", "controller": "Controller"]
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (role, type) in roles {
            let result = try await ScrimExecutable.run(["new", role, "x\(role)"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOf: directory.appendingPathComponent("x\(role).lua"), encoding: .utf8)
            #expect(text.contains("---@class X\(role): scrim.\(type)\n"), "\(role)")
            let annotations = text.split(separator: "\n").filter { $0.hasPrefix("---@") }
            let named = annotations.flatMap { line in
                line.matches(of: /scrim\.[A-Za-z]+/).map { String(line[$0.range]) }
            }
            #expect(!named.isEmpty)
            #expect(named.filter { !declared.contains($0) } == [], "\(role)")
        }
    }

    @Test func withoutDirItWritesInTheCurrentDirectory() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["new", "animator", "fade"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "wrote ./fade.lua (an animator)")
        #expect(result.stdoutLines.dropFirst().first == "next: scrim run ./fade.lua --dismiss")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("fade.lua").path))
    }

    @Test func anExistingFileIsNeverReplaced() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = directory.appendingPathComponent("fade.lua")
        try "-- my own fade\nreturn {}\n".write(to: mine, atomically: true, encoding: .utf8)
        let result = try await ScrimExecutable.run(["new", "animator", "fade", "--dir", directory.path], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "scrim new: \(mine.path) already exists; it is never replaced (remove it, or choose another NAME)\n")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "-- my own fade\nreturn {}\n")

        // A segue's scene that is there already: neither file is written.
        let scene = directory.appendingPathComponent("zoomy.scene.json")
        try "{}".write(to: scene, atomically: true, encoding: .utf8)
        let segue = try await ScrimExecutable.run(["new", "segue", "zoomy", "--dir", directory.path], in: directory)
        #expect(segue.status == 1)
        #expect(segue.stderr.contains("\(scene.path) already exists"))
        #expect(try String(contentsOf: scene, encoding: .utf8) == "{}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["fade.lua", "zoomy.scene.json"])
    }

    @Test(arguments: ["my-fade", "9lives", "end", "fade.lua", "scrim", ""])
    func aNameThatIsNoLuaIdentifierIsAUsageError(name: String) async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["new", "animator", name, "--dir", directory.path], in: directory)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(name == "scrim" ? "NAME 'scrim': that is the scrim module's name" : "NAME '\(name)': a plugin's name must be a Lua identifier"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aWrongRoleIsAUsageErrorListingTheRoles() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["new", "transition", "fade", "--dir", directory.path], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("The value 'transition' is invalid for '<role>'"))
        let listed = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  - ") }.map { $0.dropFirst(4) }
        #expect(listed == ["animator", "interaction", "presentation", "delegate", "segue", "controller"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aDirThatIsNoDirectoryIsAUsageError() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing").path
        let result = try await ScrimExecutable.run(["new", "animator", "fade", "--dir", missing], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--dir: '\(missing)' is not a directory"))
        let file = directory.appendingPathComponent("file")
        try "".write(to: file, atomically: true, encoding: .utf8)
        let notDirectory = try await ScrimExecutable.run(["new", "animator", "fade", "--dir", file.path], in: directory)
        #expect(notDirectory.status == 2)
        #expect(notDirectory.stderr.contains("--dir: '\(file.path)' is not a directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file"])
    }
}
