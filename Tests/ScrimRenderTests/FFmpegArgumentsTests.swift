import Testing

@testable import ScrimRender

@Suite("ffmpeg's arguments per format")
struct FFmpegArgumentsTests {
    private let input = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "image2pipe", "-c:v", "png", "-framerate", "60", "-i", "pipe:0"]

    @Test func gifMakesOnePaletteForAllFrames() {
        let arguments = FFmpegEncoder.arguments(format: .gif, framesPerSecond: 60, size: nil, output: "/t/out.tmp")
        #expect(arguments == input + [
            "-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
            "-loop", "0", "-f", "gif", "/t/out.tmp",
        ])
        let resized = FFmpegEncoder.arguments(format: .gif, framesPerSecond: 12.5, size: (200, 400), output: "o")
        #expect(resized.contains("12.5"))
        #expect(resized.contains("[0:v]scale=200:400:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a"))
    }

    @Test func mp4IsH264In420WithEvenSides() {
        let arguments = FFmpegEncoder.arguments(format: .mp4, framesPerSecond: 60, size: nil, output: "o")
        #expect(arguments == input + [
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", "-f", "mp4", "o",
        ])
    }

    @Test func webmIsVP9In420() {
        let arguments = FFmpegEncoder.arguments(format: .webm, framesPerSecond: 60, size: (100, 50), output: "o")
        #expect(arguments == input + [
            "-vf", "scale=100:50:flags=lanczos,pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0",
            "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-pix_fmt", "yuv420p", "-f", "webm", "o",
        ])
    }

    @Test func pngNumbersFramesInTheFolder() {
        #expect(FFmpegEncoder.arguments(format: .png, framesPerSecond: 60, size: nil, output: "/t/d") == input + ["-start_number", "1", "-f", "image2", "/t/d/frame-%04d.png"])
    }
}
