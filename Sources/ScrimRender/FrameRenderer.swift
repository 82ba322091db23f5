import Foundation
import ScrimJSON
import ScrimPreview

/// Renders a preview page's frames to a GIF, an MP4, a WebM or a folder of PNGs: headless
/// Chromium draws the page `scrim preview` writes, opened in render mode (`#render`: only the
/// screen, at the window's size), seeked to each frame's time and captured; ffmpeg encodes the
/// captures (Docs/Render.md).
///
/// `render` runs on a thread of its own (the pipes are read with blocking waits, each with a
/// deadline), keeps no global state, and removes its temporary files and ends both processes on
/// every path, so a server task may call it.
package struct FrameRenderer: Sendable {
    package let options: RenderOptions
    /// Where `chromium` and `ffmpeg` are looked for: `PATH`, `SCRIM_CHROMIUM`, `SCRIM_FFMPEG`.
    package let environment: [String: String]
    /// How long one DevTools command, one frame's write to ffmpeg, or the end of the encoding may
    /// take.
    package let timeout: Duration

    package init(options: RenderOptions, environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Duration = .seconds(60)) {
        self.options = options
        self.environment = environment
        self.timeout = timeout
    }

    /// What one render made, for the command's summary line.
    package struct Summary: Sendable, Equatable {
        /// Frames drawn and encoded.
        package var frames: Int
        /// The window's size in points.
        package var windowWidth: Int, windowHeight: Int
        /// The output's size in pixels.
        package var pixelWidth: Int, pixelHeight: Int
        /// The output's length: frames over frames per second.
        package var duration: Double
    }

    /// The output's pixel size for a window of `width` × `height` points.
    package func pixelSize(windowWidth width: Int, windowHeight height: Int) -> (width: Int, height: Int) {
        if let size = options.size { return (Int(size.width), Int(size.height)) }
        return (width * options.scale, height * options.scale)
    }

    /// Draws `page`'s frames and encodes them into `output` (a file, or a folder for `.png`,
    /// which must not exist or be empty). The output appears whole or not at all: it is written
    /// beside it under a temporary name and renamed. `progress` is called after each frame with
    /// the frames done and the total.
    ///
    /// - Throws: `RenderError`: bad options (`invalidOptions`), a tool missing, Chromium or
    ///   ffmpeg failing, the output not writable; `cancelled` when the calling task is cancelled
    ///   (Chromium and ffmpeg are stopped at once and nothing is written).
    @discardableResult
    package func render(
        _ page: PreviewPage, to output: URL, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws(RenderError) -> Summary {
        let cancellation = try RenderCancellation()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Summary, RenderError>, Never>) in
                let thread = Thread {
                    continuation.resume(returning: Result { () throws(RenderError) in
                        try renderNow(page, to: output, cancellation: cancellation, progress: progress)
                    })
                }
                thread.name = "scrim render"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    /// `render`, on the calling thread.
    private func renderNow(
        _ page: PreviewPage, to output: URL, cancellation: RenderCancellation, progress: (Int, Int) -> Void
    ) throws(RenderError) -> Summary {
        guard !cancellation.isCancelled else { throw .cancelled }
        let recording = page.recording
        let times = try options.frameTimes(duration: recording.duration)
        let width = Int(recording.windowSize.width.rounded()), height = Int(recording.windowSize.height.rounded())
        guard width >= 1, height >= 1 else { throw .invalidOptions("the window is \(width) × \(height) points: nothing to draw") }
        let pixels = pixelSize(windowWidth: width, windowHeight: height)
        guard pixels.width <= RenderOptions.maximumSide, pixels.height <= RenderOptions.maximumSide else {
            throw .invalidOptions("the frames would be \(pixels.width) × \(pixels.height) pixels, over \(RenderOptions.maximumSide) on a side: use a smaller --scale or --size")
        }
        let chromium = try RenderTool.chromium.executable(in: environment)
        let ffmpeg = try RenderTool.ffmpeg.executable(in: environment)

        let fileManager = FileManager.default
        let work = fileManager.temporaryDirectory.appendingPathComponent("scrim-render-\(UUID().uuidString)", isDirectory: true)
        do {
            try fileManager.createDirectory(at: work.appendingPathComponent("profile"), withIntermediateDirectories: true)
        } catch {
            throw .cannotStart("cannot make a temporary folder in \(fileManager.temporaryDirectory.path): \(error.localizedDescription)")
        }
        defer { try? fileManager.removeItem(at: work) }
        let pageFile = work.appendingPathComponent("page.html")
        do {
            try Data(page.html().utf8).write(to: pageFile)
        } catch {
            throw .cannotStart("cannot write \(pageFile.path): \(error.localizedDescription)")
        }

        // The output under a temporary name beside it, renamed once whole.
        let directory = output.deletingLastPathComponent()
        let staging = directory.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).tmp")
        if options.format == .png {
            try checkFolder(output)
            do {
                try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
            } catch {
                throw .cannotWrite(path: output.path, reason: Self.reason(error))
            }
        } else if !fileManager.isWritableFile(atPath: directory.path) {
            throw .cannotWrite(path: output.path, reason: fileManager.fileExists(atPath: directory.path) ? "Permission denied" : "No such file or directory")
        }
        var published = false
        defer { if !published { try? fileManager.removeItem(at: staging) } }

        let browser = try ChromiumProcess(
            executable: chromium, profile: work.appendingPathComponent("profile"), log: work.appendingPathComponent("chromium.log"),
            cancellation: cancellation)
        // Killed at once after an error; given a moment to exit by itself once the frames are done.
        defer { browser.stop(gracefully: published) }
        let devTools = DevToolsSession(browser: browser, timeout: timeout)
        let target = try devTools.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"]?.stringValue else { throw .devTools(method: "Target.createTarget", message: "no targetId in its reply") }
        let attached = try devTools.call("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let session = attached["sessionId"]?.stringValue else { throw .devTools(method: "Target.attachToTarget", message: "no sessionId in its reply") }
        _ = try devTools.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": .int(width), "height": .int(height), "deviceScaleFactor": .int(options.scale), "mobile": false], session: session)
        _ = try devTools.call("Page.navigate", ["url": .string(pageFile.absoluteString + "#render")], session: session)
        try waitForPage(devTools, session: session)

        let encoder = try FFmpegEncoder(
            executable: ffmpeg,
            arguments: FFmpegEncoder.arguments(
                format: options.format, framesPerSecond: options.framesPerSecond, size: options.size == nil ? nil : pixels, output: staging.path),
            log: work.appendingPathComponent("ffmpeg.log"), timeout: timeout, cancellation: cancellation)
        let clip: JSONValue = ["x": 0, "y": 0, "width": .int(width), "height": .int(height), "scale": 1]
        for (index, time) in times.enumerated() {
            guard !cancellation.isCancelled else { throw .cancelled }
            _ = try devTools.call("Runtime.evaluate", ["expression": .string("window.scrimPreview.seek(\(time))"), "returnByValue": true], session: session)
            let shot = try devTools.call(
                "Page.captureScreenshot", ["format": "png", "clip": clip, "optimizeForSpeed": true, "captureBeyondViewport": false], session: session)
            guard let text = shot["data"]?.stringValue, let png = Data(base64Encoded: text) else {
                throw .devTools(method: "Page.captureScreenshot", message: "no PNG data in its reply")
            }
            try encoder.write([UInt8](png))
            progress(index + 1, times.count)
        }
        try encoder.finish()
        try publish(staging, as: output)
        published = true
        return Summary(
            frames: times.count, windowWidth: width, windowHeight: height, pixelWidth: pixels.width, pixelHeight: pixels.height,
            duration: Double(times.count) / options.framesPerSecond)
    }

    /// Waits until the page has loaded and its player runs in render mode (asking every 10 ms,
    /// until the timeout), then for its fonts and a frame drawn.
    private func waitForPage(_ devTools: DevToolsSession, session: String) throws(RenderError) {
        let deadline = ContinuousClock.now + timeout
        let ready = "document.readyState === \"complete\" && !!window.scrimPreview && document.body.classList.contains(\"render\")"
        while true {
            // Asked of about:blank until the navigation commits: false, or an error while it does.
            let reply = try? devTools.call("Runtime.evaluate", ["expression": .string(ready), "returnByValue": true], session: session)
            if reply?["result"]?["value"]?.boolValue == true { break }
            guard ContinuousClock.now < deadline else {
                throw .devTools(method: "Runtime.evaluate", message: "the page did not start within \(timeout.components.seconds) s")
            }
            usleep(10_000)
        }
        let settled = "document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))))"
        let reply = try devTools.call("Runtime.evaluate", ["expression": .string(settled), "awaitPromise": true, "returnByValue": true], session: session)
        if let exception = reply["exceptionDetails"] {
            let text = exception["exception"]?["description"]?.stringValue ?? exception["text"]?.stringValue ?? "an exception"
            throw .devTools(method: "Runtime.evaluate", message: "the page failed: \(text)")
        }
    }

    /// Refuses a `.png` output that is a file, or a folder with something in it.
    private func checkFolder(_ output: URL) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw .cannotWrite(path: output.path, reason: "it is a file; .png writes a folder of frames") }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        guard contents.isEmpty else { throw .cannotWrite(path: output.path, reason: "the folder is not empty") }
    }

    /// Renames the finished output into place (over a file, or over an empty folder for `.png`).
    private func publish(_ staging: URL, as output: URL) throws(RenderError) {
        guard rename(staging.path, output.path) == 0 else {
            throw .cannotWrite(path: output.path, reason: String(cString: strerror(errno)))
        }
    }

    /// The system's words for why a file could not be made.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
