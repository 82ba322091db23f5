import Foundation
import ScrimCore
import Testing
@testable import ScrimPreview

/// The page: its data, the stage's elements of the first frame, the plot, and the file written whole.
@MainActor
@Suite struct PreviewPageTests {
    /// A recording of `frames` ticks at 10 fps where `card` moves right 10 pt a tick.
    static func recording(frames: Int = 5, title: String = "slide.lua") -> PreviewRecording {
        let (root, card, _, _) = PreviewRecorderTests.tree()
        let recorder = PreviewRecorder(title: title, framesPerSecond: 10)
        recorder.recordFrame(at: 0, in: root)
        recorder.transitionBegan(1, kind: "presentation", from: "nav", to: "details", interactive: false, at: 0.1)
        for index in 1..<frames {
            card.center.x += 10
            recorder.recordFrame(at: Double(index) / 10, in: root)
        }
        recorder.transitionEnded(1, completed: true, at: Double(frames - 1) / 10)
        return recorder.recording
    }

    /// The page's data object, parsed.
    static func data(of page: PreviewPage) throws -> [String: Any] {
        let html = page.html()
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"scrim-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func theDataHoldsTheFirstFrameWholeAndThenOnlyTheFieldsThatChanged() throws {
        let data = try Self.data(of: PreviewPage(recording: Self.recording()))
        #expect(data["format"] as? Int == 1)
        #expect(data["title"] as? String == "slide.lua")
        #expect(data["window"] as? [Double] == [390, 844])
        #expect(data["fields"] as? [String] == PreviewViewState.fieldNames)
        let views = try #require(data["views"] as? [[String]])
        #expect(views == [["window", "window"], ["card", "card"], ["badge", "badge"], ["label", "label"]])
        let frames = try #require(data["frames"] as? [[String: Any]])
        #expect(frames.map { $0["t"] as? Double } == [0, 0.1, 0.2, 0.3, 0.4])
        #expect(frames[0]["tree"] as? [Int] == [0, -1, 1, 0, 2, 1, 3, 0])
        let full = try #require(frames[0]["full"] as? [[Double]])
        #expect(full.count == 4)
        // card: center (195, 220), bounds (0, 0, 350, 200), identity, alpha 1, clear, radius 0, anchor
        // (0.5, 0.5), z 0, identity sublayer transform, Core Animation's default shadow (opaque black,
        // opacity 0, radius 3, offset (0, -3)), no border (opaque black), shown, not clipping, double-sided.
        let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        let card: [Double] = [1, 195, 220, 0, 0, 350, 200] + identity + [1, 0, 0, 0, 0, 0, 0.5, 0.5, 0] + identity
            + [0, 0, 0, 1, 0, 3, 0, -3, 0, 0, 0, 0, 1, 0, 0, 1]
        #expect(full[1] == card)
        // Then only center.x (field 0) of the card.
        #expect(frames[1]["set"] as? [[Double]] == [[1, 0, 205]])
        #expect(frames[4]["set"] as? [[Double]] == [[1, 0, 235]])
        #expect(frames[1]["tree"] == nil && frames[1]["full"] == nil)
        let transitions = try #require(data["transitions"] as? [[String: Any]])
        #expect(transitions.count == 1)
        #expect(transitions[0]["kind"] as? String == "presentation")
        #expect(transitions[0]["began"] as? Double == 0.1)
        #expect(transitions[0]["ended"] as? Double == 0.4)
        #expect(transitions[0]["completed"] as? Bool == true)
    }

    @Test func aMatrixsPerspectiveColumnIsWrittenToEightDecimals() throws {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(id: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200))
        root.layer.sublayerTransform = Transform3D(m34: -1.0 / 600)
        // A turn about y, then the perspective (as CATransform3DRotate of a perspective gives it).
        card.transform3D = Transform3D.rotation(0.5, 0, 1, 0).concatenating(Transform3D(m34: -1.0 / 600))
        root.addSubview(card)
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        let data = try Self.data(of: PreviewPage(recording: recorder.recording))
        let fields = try #require(data["fields"] as? [String])
        let full = try #require((data["frames"] as? [[String: Any]])?.first?["full"] as? [[Double]])
        func value(_ view: Int, _ name: String) throws -> Double { full[view][try #require(fields.firstIndex(of: name)) + 1] }
        #expect(try value(0, "sublayerTransform.m34") == -0.00166667)
        #expect(try value(1, "transform.m34") == -0.00146264)  // −cos 0.5 / 600
        #expect(try value(1, "transform.m14") == 0.00079904)  // sin 0.5 / 600
        #expect(try value(1, "transform.m31") == 0.4794)  // sin 0.5, to four decimals as ever
    }

    @Test func numbersAreRoundedToFourDecimalsAndTimesAreExact() {
        #expect(Markup.number(0.897435897) == "0.8974")
        #expect(Markup.number(-117.00004) == "-117")
        #expect(Markup.number(-0.00001) == "0")
        #expect(Markup.number(20) == "20")
        #expect(Markup.number(.nan) == "0")
        #expect(Markup.time(1.0 / 60) == "0.016666666666666666")
        #expect(Markup.time(2) == "2")
    }

    @Test func theStageNestsAnElementPerViewAsTheFirstFramesTreeAndKeepsLaterViewsOffstage() {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(id: "card", frame: Rect(x: 80, y: 40, width: 40, height: 20))
        let inner = View(id: "inner", frame: Rect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(card)
        card.addSubview(inner)
        root.addSubview(View(id: "last", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        root.addSubview(View(id: "later", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        recorder.recordFrame(at: 1.0 / 60, in: root)
        let html = PreviewStage.html(recorder.recording)
        #expect(html.hasPrefix("<div id=\"screen\">\n<div id=\"views\" style=\"width: 390px; height: 844px\">\n"))
        // Each view inside its superview's `.sub`, back to front; the script styles them.
        func element(_ index: Int, _ id: String) -> String {
            #"<div class="view" id="v\#(index)" data-v="\#(index)" data-id="\#(id)" title="\#(id)"><div class="sub">"#
        }
        let nested: [String] = [
            element(0, "window"), element(1, "card"), element(2, "inner"), "</div></div>\n", "</div></div>\n",
            element(3, "last"), "</div></div>\n", "</div></div>\n</div>\n<div id=\"offstage\" hidden>\n",
            element(4, "later"), "</div></div>\n",
        ]
        #expect(html.contains(nested.joined()))
        // Over the views, the overlays' SVG: its viewBox is the window, in points.
        #expect(html.contains(#"<svg id="stage" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 390 844""#))
        #expect(html.hasSuffix("</svg>\n</div>"))
    }

    @Test func idsAreEscapedInTheMarkupAndCannotCloseTheDataScript() throws {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(View(id: #"</script><b x="1">&'"#, frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        let recorder = PreviewRecorder(title: "<i>evil</i>.lua", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        let page = PreviewPage(recording: recorder.recording)
        let html = page.html()
        #expect(html.components(separatedBy: "</script>").count == 3)  // the two scripts' own closing tags
        #expect(html.contains(#"data-id="&lt;/script&gt;&lt;b x=&quot;1&quot;&gt;&amp;&#39;""#))
        #expect(html.contains("<title>&lt;i&gt;evil&lt;/i&gt;.lua — Scrim preview</title>"))
        let data = try Self.data(of: page)
        #expect((data["views"] as? [[String]])?[1] == [#"</script><b x="1">&'"#, #"</script><b x="1">&'"#])
        #expect(data["title"] as? String == "<i>evil</i>.lua")
    }

    @Test func thePageIsSelfContained() {
        let html = PreviewPage(recording: Self.recording()).html()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(!html.contains("src="))
        #expect(!html.contains("<link"))
        #expect(!html.contains("@import"))
        // The only URLs are the SVG namespace's, which names and fetches nothing.
        let urls = html.components(separatedBy: "http").dropFirst().map { String($0.prefix(24)) }
        #expect(!urls.isEmpty && urls.allSatisfy { $0 == "://www.w3.org/2000/svg\" " })
    }

    @Test func onlyTheLivePageOpensTheWebSocket() {
        let page = PreviewPage(recording: Self.recording())
        #expect(!page.html().contains("WebSocket"))
        #expect(!page.html().contains("id=\"scrim-live\""))
        let live = page.html(live: true)
        #expect(live.contains("<script id=\"scrim-live\">\n" + PreviewLiveScript.source + "\n</script>"))
        #expect(live.hasSuffix("</script>\n</body>\n</html>\n"))
        // The same page otherwise: an empty icon (the browser asks for none, which would get 403),
        // and the live script after the player's.
        let end = page.html().range(of: "</body>")!.lowerBound
        let icon = "<link rel=\"icon\" href=\"data:,\">\n"
        #expect(live.contains("</title>\n" + icon))
        #expect(live.replacingOccurrences(of: icon, with: "").hasPrefix(page.html()[..<end]))
    }

    @Test func thePlotHasALineAndALegendEntryPerTrackAndABandPerTransition() {
        let recording = Self.recording()
        let page = PreviewPage(recording: recording)
        #expect(page.tracks.map { PreviewPlot.label(of: $0, in: recording) } == ["card.center"])
        let svg = PreviewPlot.svg(recording, tracks: page.tracks, scale: page.scale)
        #expect(svg.components(separatedBy: "<path class=\"track\"").count == 2)
        // The transition begins at 0.1 s, from where the card was before (x 195), and ends at
        // 0.4 s (x 235): 0.25 a frame, y from 194 (0) to 24 (1); x from 44 (0 s) to 948 (0.4 s).
        #expect(svg.contains(#"d="M44 194L270 151.5L496 109L722 66.5L948 24""#))
        #expect(svg.contains(#"<rect class="band band-presentation" x="270" y="24" width="678" height="170"/>"#))
        let legend = PreviewPlot.legend(recording, tracks: page.tracks)
        #expect(legend == #"<ul id="legend"><li data-track="0"><span class="swatch" style="background:#e6194b"></span>card.center</li></ul>"#)
    }

    @Test func axisTicksAreRoundSteps() {
        #expect(PreviewPlot.ticks(0) == [0])
        #expect(PreviewPlot.ticks(0.8167) == [0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, 0.6000000000000001, 0.7000000000000001, 0.8])
        #expect(PreviewPlot.ticks(1.6333) == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5])
    }

    // MARK: Writing

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func writingReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("page.html")
        try Data("old".utf8).write(to: url)
        let page = PreviewPage(recording: Self.recording())
        try page.write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == page.html())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["page.html"])
    }

    @Test func anUnwritablePathIsAnErrorThatSaysWhyAndLeavesNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = PreviewPage(recording: Self.recording())
        let missing = directory.appendingPathComponent("no/such/dir/page.html")
        let error = try #require(throws: PreviewWriteError.self) { try page.write(to: missing) }
        #expect(error.description == "cannot write \(missing.path): No such file or directory")
        // A directory where the page should go: the rename fails, and the temporary file goes.
        let occupied = directory.appendingPathComponent("taken.html")
        try FileManager.default.createDirectory(at: occupied.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let renameError = try #require(throws: PreviewWriteError.self) { try page.write(to: occupied) }
        #expect(renameError.description == "cannot write \(occupied.path): Is a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken.html"])
    }
}
