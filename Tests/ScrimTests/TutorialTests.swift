import Foundation
import Scrim
import Testing
import ScrimTestSupport

/// `Docs/WritingAnimators.md` works as written: its Lua files (the fenced blocks marked
/// `<!-- file: NAME -->`) are read from the page and run, every other Lua snippet on the page is a
/// piece of one of them, and the values in its Swift comments are the ones Scrim produces.
@MainActor @Suite struct TutorialTests {
    nonisolated static let root = Repository.root

    /// The page, its marked files by marker ("pop.lua", "pop.lua, step 1") and its other Lua blocks.
    struct Page {
        let text: String
        var files: [String: String] = [:]
        var fragments: [String] = []

        init() throws {
            text = try String(contentsOf: TutorialTests.root.appendingPathComponent("Docs/WritingAnimators.md"), encoding: .utf8)
            var marker: String?
            var block: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if var lines = block {
                    if line == "```" {
                        let code = lines.joined(separator: "\n") + "\n"
                        if let marker { files[marker] = code } else { fragments.append(code) }
                        block = nil
                        marker = nil
                    } else {
                        lines.append(line)
                        block = lines
                    }
                } else if let match = line.wholeMatch(of: /<!-- file: (.+) -->/) {
                    marker = String(match.output.1)
                } else if line == "```lua" {
                    block = []
                } else if !line.isEmpty {
                    marker = nil
                }
            }
        }

        /// Records an issue unless the page shows `text`.
        func shows(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(self.text.contains(text), "Docs/WritingAnimators.md does not show: \(text)", sourceLocation: sourceLocation)
        }
    }

    /// A plugin directory with the page's files (`files` maps a file name to a marker).
    func directory(_ page: Page, _ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-tutorial-\(UUID().uuidString)/MyPlugins")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, marker) in files {
            let code = try #require(page.files[marker], "no file marked '\(marker)' in Docs/WritingAnimators.md")
            try code.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return url
    }

    static let card = Rect(x: 20, y: 120, width: 350, height: 200)
    static let window = Rect(x: 0, y: 0, width: 390, height: 844)

    /// The frame `PopAnimator` shows `time` seconds into its spring, going from `from` to `to`:
    /// the linear interpolation by the spring's progress.
    static func popFrame(from: Rect, to: Rect, at time: Double) throws -> Rect {
        let p = try DurationSpring(duration: 0.8, dampingRatio: 0.5, initialVelocity: 0.2).progress(at: time)
        return Rect(
            x: from.minX + p * (to.minX - from.minX), y: from.minY + p * (to.minY - from.minY),
            width: from.width + p * (to.width - from.width), height: from.height + p * (to.height - from.height))
    }

    static func near(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
            && abs(a.height - b.height) < 1e-6
    }

    @Test func thePageHasItsFilesAndEverySnippetIsAPieceOfOne() throws {
        let page = try Page()
        #expect(Set(page.files.keys) == ["pop.lua, step 1", "pop.lua, step 2", "pop.lua", "swipe.lua", "home.lua"])
        // "A card flip in 3-D" walks through the shipped Plugins/flip.lua: its snippets are lines of that file.
        let flip = try String(contentsOf: Repository.plugins.appendingPathComponent("flip.lua"), encoding: .utf8)
        let known = Set((Array(page.files.values) + [flip]).flatMap { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } })
        #expect(page.fragments.count >= 8)
        for fragment in page.fragments {
            for line in fragment.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                #expect(known.contains(line.trimmingCharacters(in: .whitespaces)), "a snippet's line is in none of the page's files: \(line)")
            }
        }
    }

    @Test func stepOnePlaysNoRole() throws {
        let page = try Page()
        let plugins = try directory(page, ["pop.lua": "pop.lua, step 1"])
        let host = try ScrimHost(plugins: plugins)
        #expect(host.plugins.first?.roles == [])
        let path = plugins.appendingPathComponent("pop.lua").path
        var diagnostic = try #require(host.scriptDiagnostics[path]?.first)
        #expect(diagnostic.severity == .warning)
        diagnostic.path = "MyPlugins/pop.lua"
        page.shows("\(diagnostic)")
    }

    @Test func stepTwoPresentsFromTheCard() throws {
        let page = try Page()
        let host = try ScrimHost(plugins: try directory(page, ["pop.lua": "pop.lua, step 2"]))
        var diagnostics: [String] = []
        host.onDiagnostics { diagnostics.append("\($0)") }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "pop")
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 1.0 / 60)
        #expect("\(details.view.presentation.frame)" == "(20, 120, 350, 200)")
        page.shows("// (20, 120, 350, 200): the card")
        host.advance(by: 0.25)
        #expect("\(details.view.presentation.frame)" == "(-3.0908, -18.5447, 396.1816, 943.5231)")
        page.shows("// (-3.0908, -18.5447, 396.1816, 943.5231)")
        #expect(Self.near(details.view.presentation.frame, try Self.popFrame(from: Self.card, to: Self.window, at: 0.25)))
        // The corner radius is 20·(1 − p), as the frame's x: 20 + p·(0 − 20).
        #expect(abs(details.view.presentation.cornerRadius - (try Self.popFrame(from: Self.card, to: Self.window, at: 0.25)).minX) < 1e-9)
        page.shows("// -3.09…: the spring overshoots")
        host.advance(by: 1)
        #expect(completed == true)
        #expect("\(details.view.frame)" == "(0, 0, 390, 844)")
        #expect(diagnostics.isEmpty)
    }

    @Test func theFinishedAnimatorPresentsAndDismissesFrameForFrame() throws {
        let page = try Page()
        let host = try ScrimHost(plugins: try directory(page, ["pop.lua": "pop.lua", "swipe.lua": "swipe.lua", "home.lua": "home.lua"]))
        #expect(host.plugins.map { "\($0.name): \($0.roles.map(\.rawValue))" } == [
            "home: [\"delegate\"]", "pop: [\"animator\"]", "swipe: [\"interaction\"]",
        ])
        var diagnostics: [String] = []
        host.onDiagnostics { diagnostics.append("\($0)") }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "pop", options: ["originFrame": .rect(Self.card)])
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 1.0 / 60)
        for frame in 0...48 {
            let expected = try Self.popFrame(from: Self.card, to: Self.window, at: Double(frame) / 60)
            #expect(Self.near(details.view.presentation.frame, expected), "presentation, frame \(frame)")
            // The corner radius is 20·(1 − p), as the card's x: 20 + p·(0 − 20).
            #expect(abs(details.view.presentation.cornerRadius - expected.minX) < 1e-6, "corner radius, frame \(frame)")
            host.advance(by: 1.0 / 60)
        }
        #expect(completed == true)
        #expect(details.view.frame == Self.window && details.view.cornerRadius == 0 && details.view.transform == .identity)

        var dismissed: Bool?
        try details.dismiss(animated: true) { dismissed = $0 }
        host.advance(by: 1.0 / 60 + 0.25)
        #expect("\(details.view.presentation.frame)" == "(23.0908, 138.5447, 343.8184, 100.4769)")
        page.shows("// (23.0908, 138.5447, 343.8184, 100.4769): past the card")
        #expect(Self.near(details.view.presentation.frame, try Self.popFrame(from: Self.window, to: Self.card, at: 0.25)))
        host.advance(by: 1)
        #expect(dismissed == true)
        #expect(host.window.subviews.map(\.id) == ["root"])
        page.shows("// [\"root\"]")
        #expect(diagnostics.isEmpty)
    }

    @Test func theSwipeCancelsThenFinishesTheDismissal() throws {
        let page = try Page()
        let host = try ScrimHost(plugins: try directory(page, ["pop.lua": "pop.lua", "swipe.lua": "swipe.lua", "home.lua": "home.lua"]))
        var diagnostics: [String] = []
        host.onDiagnostics { diagnostics.append("\($0)") }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(
            named: "home", options: ["originFrame": .rect(Self.card), "interactiveDismissal": .bool(true)])
        var presented: Bool?
        try host.rootViewController.present(details, animated: true) { presented = $0 }
        host.advance(by: 1.5)
        #expect(presented == true)
        #expect(details.view.frame == Self.window)

        var dismissed: Bool?
        try details.dismiss(animated: true) { dismissed = $0 }
        host.advance(by: 1.0 / 60)
        #expect(host.window.isTransitioning && details.view.presentation.frame == Self.window)
        #expect(try host.window.sendPan(.began, at: Point(x: 195, y: 300)))
        host.advance(by: 0.1)
        try host.window.sendPan(.changed, at: Point(x: 195, y: 511))
        #expect("\(details.view.presentation.frame)" == "(22.8845, 137.3072, 344.2309, 107.1179)")
        page.shows("print(details.view.presentation.frame)                       // (22.8845, 137.3072, 344.2309, 107.1179)")
        host.advance(by: 0.5)
        try host.window.sendPan(.ended, at: Point(x: 195, y: 511))
        host.advance(by: 0.5)
        #expect(dismissed == false)
        #expect("\(details.view.frame)" == "(0, 0, 390, 844)")
        #expect(details.view.presentation.frame == Self.window)
        #expect(host.rootViewController.presentedViewController === details)

        dismissed = nil
        try details.dismiss(animated: true) { dismissed = $0 }
        host.advance(by: 1.0 / 60)
        try host.window.sendPan(.began, at: Point(x: 195, y: 200))
        host.advance(by: 0.1)
        try host.window.sendPan(.changed, at: Point(x: 195, y: 706.4))
        #expect(Self.near(details.view.presentation.frame, try Self.popFrame(from: Self.window, to: Self.card, at: 0.6 * 0.8)))
        host.advance(by: 0.5)
        try host.window.sendPan(.ended, at: Point(x: 195, y: 706.4))
        host.advance(by: 1)
        #expect(dismissed == true)
        #expect(host.rootViewController.presentedViewController == nil)
        #expect(host.window.subviews.map(\.id) == ["root"])
        #expect(diagnostics.isEmpty)
    }

    @Test func aTypoIsADiagnosticOnItsLineAndCancelsTheTransition() throws {
        let page = try Page()
        let plugins = try directory(page, ["pop.lua": "pop.lua"])
        let path = plugins.appendingPathComponent("pop.lua").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        #expect(source.contains("  scrim.animate{\n"))
        try source.replacingOccurrences(of: "  scrim.animate{\n", with: "  scrim.animat{\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let host = try ScrimHost(plugins: plugins)
        var published: [String] = []
        host.onDiagnostics { published.append("\($0)") }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "pop", options: ["originFrame": .rect(Self.card)])
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 0.1)
        #expect(completed == false)
        #expect(host.window.subviews.map(\.id) == ["root"])
        let diagnostic = try #require(host.scriptDiagnostics[path]?.first)
        let shown = "\(diagnostic)"
        #expect(shown.hasPrefix(path))
        page.shows("…/MyPlugins/pop.lua" + shown.dropFirst(path.count))
        #expect(published.contains(shown))
    }
}
