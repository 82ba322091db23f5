import Foundation
import ScrimTestSupport
import Testing

/// `scrim render`'s refusals with the real executable: usage errors exit 2 before Chromium or
/// ffmpeg is started and leave no file. What it renders is checked in the browser suite
/// (`Tests/browser/test_render.py`, Docs/Render.md).
@Suite struct ScrimRenderCommandTests {
    @Test(arguments: [
        (["-o", "x.mov"], "-o x.mov: unknown extension .mov; use .gif, .mp4, .webm or .png"),
        (["-o", "x"], "-o x: no extension; use .gif, .mp4, .webm or .png"),
        (["-o", "x.gif", "--scale", "4"], "--scale: expected 1, 2 or 3, got 4"),
        (["-o", "x.gif", "--fps", "60"], "--fps: a GIF plays at most 50 frames per second"),
        (["-o", "x.mp4", "--fps", "0"], "--fps: expected a frame rate from 1 to 120, got 0"),
        (["-o", "x.mp4", "--size", "12"], "--size: expected WxH in whole pixels (e.g. 780x1688), got '12'"),
        (["-o", "x.mp4", "--from", "0.5", "--to", "0.2"], "--to 0.2 is before --from 0.5"),
        // Known once the transition has played: still a usage error.
        (["-o", "x.mp4", "--to", "9"], "scrim render: --to 9 is past the end of the recording (0.8167 s)"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pop = ScrimExecutable.plugins.appendingPathComponent("pop.lua").path
        let result = try await ScrimExecutable.run(["render", pop] + arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
