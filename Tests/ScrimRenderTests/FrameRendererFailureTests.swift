import Foundation
import ScrimCore
import ScrimPreview
import Testing

@testable import ScrimRender

/// `FrameRenderer` with stand-ins for Chromium (shell scripts): one that exits at once, one that
/// never answers. Each is an error, not a hang; nothing is written and the temporary files go.
@Suite("Rendering when Chromium fails")
struct FrameRendererFailureTests {
    /// A folder with an executable `chromium` script of `body`.
    private func fakeChromium(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("chromium")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return folder
    }

    private var page: PreviewPage {
        PreviewPage(recording: PreviewRecording(title: "test", framesPerSecond: 60, windowSize: Size(width: 390, height: 844)))
    }

    private func render(chromium body: String, timeout: Duration) async throws -> (RenderError?, [String]) {
        let folder = try fakeChromium(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["SCRIM_CHROMIUM": folder.appendingPathComponent("chromium").path, "SCRIM_FFMPEG": "/bin/cat"]
        let renderer = FrameRenderer(options: RenderOptions(format: .mp4), environment: environment, timeout: timeout)
        do {
            try await renderer.render(page, to: folder.appendingPathComponent("out.mp4"))
            return (nil, [])
        } catch {
            return (error, try FileManager.default.contentsOfDirectory(atPath: folder.path))
        }
    }

    @Test func chromiumExitingIsAnErrorWithWhatItSaid() async throws {
        let (error, left) = try await render(chromium: "echo 'no display here' >&2; exit 3", timeout: .seconds(60))
        guard case .browserExited(let log)? = error else {
            Issue.record("expected browserExited, got \(String(describing: error))")
            return
        }
        #expect(log == "(exit status 3)\nno display here")
        #expect(left == ["chromium"])
    }

    @Test func chromiumNeverAnsweringTimesOut() async throws {
        // It keeps the pipe open and reads nothing: the first command waits out its deadline.
        let (error, left) = try await render(chromium: "exec sleep 600", timeout: .milliseconds(300))
        #expect(error == .browserTimedOut(method: "Target.createTarget", seconds: 0))
        #expect(left == ["chromium"])
    }
}
