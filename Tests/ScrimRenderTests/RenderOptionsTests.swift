import ScrimCore
import Testing

@testable import ScrimRender

@Suite("Render options: formats, frame rate, scale, size and range")
struct RenderOptionsTests {
    @Test func formatsByExtension() {
        #expect(RenderFormat(pathExtension: "GIF") == .gif)
        #expect(RenderFormat(pathExtension: "webm") == .webm)
        #expect(RenderFormat(pathExtension: "mov") == nil)
        #expect(RenderFormat.extensionList == ".gif, .mp4, .webm or .png")
    }

    @Test func framesFromStartToEndIncluded() throws {
        #expect(RenderOptions(format: .gif).framesPerSecond == 50)
        #expect(RenderOptions(format: .webm).framesPerSecond == 60)
        let times = try RenderOptions(format: .mp4).frameTimes(duration: 1)
        #expect(times.count == 61)
        #expect(times.first == 0)
        #expect(times.last == 1)
        let part = try RenderOptions(format: .mp4, framesPerSecond: 10, from: 0.25, to: 0.5).frameTimes(duration: 2)
        #expect(part.count == 3)
        #expect(part.map { ($0 * 1000).rounded() } == [250, 350, 450])
    }

    @Test func refusesBadOptions() {
        func message(_ options: RenderOptions, duration: Double = 1) -> String? {
            do {
                _ = try options.frameTimes(duration: duration)
                return nil
            } catch {
                #expect(error.isUsageError)
                return error.description
            }
        }
        #expect(message(RenderOptions(format: .gif, framesPerSecond: 0)) == "--fps: expected a frame rate from 1 to 120, got 0")
        #expect(message(RenderOptions(format: .gif, framesPerSecond: .nan))?.hasPrefix("--fps:") == true)
        #expect(
            message(RenderOptions(format: .gif, framesPerSecond: 60))
                == "--fps: a GIF plays at most 50 frames per second (its frames last whole hundredths of a second, at least 2), got 60")
        #expect(message(RenderOptions(format: .mp4, framesPerSecond: 60)) == nil)
        #expect(message(RenderOptions(format: .gif, scale: 4)) == "--scale: expected 1, 2 or 3, got 4")
        #expect(message(RenderOptions(format: .gif, size: Size(width: 0, height: 10))) == "--size: expected whole pixels from 1 to 8192 on each side, got 0x10")
        #expect(message(RenderOptions(format: .gif, from: 0.5, to: 0.25)) == "--to 0.25 is before --from 0.5")
        #expect(message(RenderOptions(format: .gif, from: -1)) == "--from: expected a time in seconds from 0, got -1")
        #expect(message(RenderOptions(format: .gif, to: 3), duration: 1.65) == "--to 3 is past the end of the recording (1.65 s)")
        #expect(message(RenderOptions(format: .gif, from: 2), duration: 1.65) == "--from 2 is past the end of the recording (1.65 s)")
    }

    @Test func aMissingToolNamesItsAptGetLine() throws {
        #expect(throws: RenderError.missingTool(.ffmpeg)) { try RenderTool.ffmpeg.executable(in: ["PATH": "/nonexistent"]) }
        #expect(
            RenderError.missingTool(.chromium).description
                == "chromium is not installed (looked for on PATH, or in SCRIM_CHROMIUM); install it with: apt-get install -y chromium")
        #expect(throws: RenderError.missingTool(.chromium)) { try RenderTool.chromium.executable(in: ["SCRIM_CHROMIUM": "/nonexistent/chromium"]) }
        #expect(try RenderTool.ffmpeg.executable(in: ["SCRIM_FFMPEG": "/bin/sh"]) == "/bin/sh")
    }
}
