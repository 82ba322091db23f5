import Foundation
import ScrimCore
import ScrimPreview
import Testing

@testable import ScrimRender

/// `FrameRenderer` with stand-ins for Chromium (shell scripts): one that exits at once, one that
/// never answers, one whose render is cancelled. Each is an error, not a hang; nothing is written
/// and the temporary files go.
@Suite("Rendering when Chromium fails")
struct FrameRendererFailureTests {
    /// A folder with an executable `chromium` script of `body`.
    private func fakeChromium(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Written through a descriptor closed on exec, so that no child another test starts
        // meanwhile keeps it open for writing (which makes running it fail: "Text file busy").
        let descriptor = open(folder.appendingPathComponent("chromium").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        try #require(write(descriptor, text, text.count) == text.count)
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
        #expect(error == .browserTimedOut(method: "Target.createTarget", seconds: 0.3))
        #expect(error?.description == "chromium did not answer Target.createTarget within 0.3 s")
        #expect(left == ["chromium"])
    }

    /// A cancelled task's render stops waiting for Chromium at once (not at its 10-minute
    /// deadline), kills it and leaves nothing.
    @Test func cancellingTheTaskStopsTheRender() async throws {
        let folder = try fakeChromium("echo $$ > \"$(dirname \"$0\")/started\"; exec sleep 600")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["SCRIM_CHROMIUM": folder.appendingPathComponent("chromium").path, "SCRIM_FFMPEG": "/bin/cat"]
        let renderer = FrameRenderer(options: RenderOptions(format: .mp4), environment: environment, timeout: .seconds(600))
        let output = folder.appendingPathComponent("out.mp4")
        let task = Task { try await renderer.render(page, to: output) }
        let started = folder.appendingPathComponent("started")
        let hangGuard = ContinuousClock.now + .seconds(120)
        var pid: pid_t?
        while pid == nil, ContinuousClock.now < hangGuard {
            pid = (try? String(contentsOf: started, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if pid == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let chromium = try #require(pid, "the stand-in never started")
        task.cancel()
        #expect(await task.result.failure as? RenderError == .cancelled)
        #expect(kill(chromium, 0) != 0, "the stand-in still runs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["chromium", "started"])
    }

    /// A task cancelled before its render begins starts nothing.
    @Test func aRenderInACancelledTaskStartsNothing() async throws {
        let folder = try fakeChromium("touch \"$(dirname \"$0\")/started\"; exec sleep 600")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["SCRIM_CHROMIUM": folder.appendingPathComponent("chromium").path, "SCRIM_FFMPEG": "/bin/cat"]
        let renderer = FrameRenderer(options: RenderOptions(format: .mp4), environment: environment, timeout: .seconds(600))
        let page = page, output = folder.appendingPathComponent("out.mp4")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await renderer.render(page, to: output)
        }
        #expect(await task.result.failure as? RenderError == .cancelled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["chromium"])
        #expect(RenderError.cancelled.description == "the render was cancelled")
    }
}

extension Result {
    /// The error, if it failed.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
