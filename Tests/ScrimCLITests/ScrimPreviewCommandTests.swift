import Foundation
import ScrimTestSupport
import Testing
import ScrimJSON

/// `scrim preview` with the real executable: the page it writes, and its refusals (usage errors
/// exit 2; a plugin, scene or interaction file that cannot be used, or a page that cannot be
/// written, exit 1 with a message), none of which leaves a file behind.
@Suite struct ScrimPreviewCommandTests {
    /// The page's data object, parsed.
    static func data(ofPageAt url: URL) throws -> JSONValue {
        let html = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"scrim-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONValue(parsing: String(html[start.upperBound..<end.lowerBound]))
    }

    @Test func previewWritesThePageOfTheDemoPresentationAndDismissal() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pop = ScrimExecutable.plugins.appendingPathComponent("pop.lua").path
        let result = try await ScrimExecutable.run(["preview", pop, "--dismiss", "-o", "pop page.html"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == ["pop page.html: 99 frames, 1.6333 s, 3 animated properties"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pop page.html"])
        let data = try Self.data(ofPageAt: directory.appendingPathComponent("pop page.html"))
        #expect(data["title"] == "pop.lua")
        #expect(data["frames"]?.arrayValue?.count == 99)
        #expect(data["transitions"]?.arrayValue?.map { $0["kind"] } == ["presentation", "dismissal"])
        let presentation = data["transitions"]?.arrayValue?.first
        #expect(presentation?["from"] == "nav" && presentation?["to"] == "details")
        // The dimming and container views are in the window's views.
        let ids = data["views"]?.arrayValue?.compactMap { $0.arrayValue?.first?.stringValue } ?? []
        #expect(ids.starts(with: ["window", "nav", "home"]))
        #expect(ids.contains("details.container") && ids.contains("details"))
    }

    /// An interactive dismissal that got no input: the watchdog's fault and the advice on the page
    /// and on stderr, as `scrim run` prints them.
    @Test func anInteractiveTransitionWithoutInputIsAdvisedOnStderrToo() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = ScrimExecutable.plugins.appendingPathComponent("sheet.lua").path
        let result = try await ScrimExecutable.run(["preview", sheet, "--dismiss", "-o", "sheet.html"], in: directory)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("sheet.lua:177:1: error: the interactive transition (animator 'sheet') was left without an update for 30 s") == true)
        #expect(lines.last == """
            scrim preview: an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a \
            --scenario (see Docs/CLI.md)
            """)
        let html = try String(contentsOf: directory.appendingPathComponent("sheet.html"), encoding: .utf8)
        #expect(html.contains("an interactive transition got no input"))
    }

    @Test func withoutOutputThePageIsNamedAfterThePlugin() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let slide = ScrimExecutable.plugins.appendingPathComponent("slide.lua").path
        let result = try await ScrimExecutable.run(["preview", slide, "--push"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Self.data(ofPageAt: directory.appendingPathComponent("slide.html"))
        #expect(data["transitions"]?.arrayValue?.map { $0["kind"] } == ["push"])
    }

    @Test func aTappedSegueIsPlayedAsScrimRunPlaysIt() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["preview", "--segue", "showRecipe2", "--tap", "card2", "-o", "segue.html"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == ["segue.html: 50 frames, 0.8167 s, 3 animated properties"])
        let data = try Self.data(ofPageAt: directory.appendingPathComponent("segue.html"))
        #expect(data["transitions"]?.arrayValue?.map { $0["kind"] } == ["push"])
        let markers = data["markers"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
        #expect(markers.contains("tap at (195, 440) on card2"), "\(markers)")
        // The option group refuses what scrim run refuses.
        let lone = try await ScrimExecutable.run(["preview", "--tap", "card2"], in: directory)
        #expect(lone.status == 2)
        #expect(lone.stderr.contains("--tap goes with --segue (the tap triggers the segue)"))
    }

    @Test func anUnwritableOutputPathExitsOneAndSaysWhy() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["preview", "-o", "missing/page.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr == "scrim preview: -o missing/page.html: No such file or directory\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aPluginThatFailsToLoadExitsOneWithItsDiagnostic() async throws {
        let directory = try ScrimRunTests.directory(["broken.lua": "local Broken = {\nreturn Broken\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["preview", "broken.lua", "-o", "page.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.lua:2:1: error:"), "\(result.stderr)")
        #expect(result.stderr.contains("broken.lua: the plugin did not load"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("page.html").path))
    }

    @Test(arguments: [
        (["--scene", "scene.json"], "scrim preview: --scene "),
        (["--interaction", "bad.json"], "scrim preview: --interaction bad.json: expected an array of events, got an object"),
    ])
    func anInvalidSceneOrInteractionFileExitsOne(arguments: [String], message: String) async throws {
        let directory = try ScrimRunTests.directory(["scene.json": "{", "bad.json": #"{"time": 0.1}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let pop = ScrimExecutable.plugins.appendingPathComponent("pop.lua").path
        let result = try await ScrimExecutable.run(["preview", pop] + arguments + ["-o", "page.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.contains(arguments[1]))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("page.html").path))
    }

    @Test(arguments: [
        (["--style", "bogus"], "--style: unknown presentation style 'bogus'"),
        (["--push", "--style", "custom"], "--style is a presentation's: a push has no presentation style"),
        (["nothing.lua"], "nothing.lua: no such readable plugin file"),
        (["--scene", "nothing.json"], "--scene: nothing.json: no such readable file"),
        (["-o", ""], "-o: expected a file name"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["preview"] + arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
