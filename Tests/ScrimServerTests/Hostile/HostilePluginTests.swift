import Foundation
import ScrimJSON
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// The hostile-plugin suite: every file in `Plugins/` is an animator that attacks the host —
/// loops, memory bombs, deep recursion, bad errors, broken completions, escape attempts. Each is
/// presented over the protocol on the demo scene, and each must end the same way: the host
/// answers the next request, the window is as it was before the presentation (unless the file
/// says the transition completes), and a diagnostic names the file and the line.
///
/// A file states what it expects in its first lines:
///
///     -- expect: instruction budget exceeded   (text the diagnostic's message contains)
///     -- line: 4                                (1-based line of the diagnostic)
///     -- window: presented                      (optional: the transition completes; the
///                                                animators here never add the presented view,
///                                                so it is not in the window after)
///     -- phase: load                            (optional: the diagnostic comes when the file loads)
///     -- reload: yes                            (optional: the plugin is reloaded a quarter of a
///                                                second into the transition)
@MainActor @Suite struct HostilePluginTests {
    nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Plugins")

    nonisolated static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
    }

    struct Expectation {
        var message = ""
        var line = 0
        var presented = false
        var atLoad = false
        var reloads = false

        /// Whether a diagnostic's message is the one expected.
        func isMet(by text: String) -> Bool { text.contains(message) }

        init(source: String) {
            for line in source.split(separator: "\n").prefix(8) {
                guard line.hasPrefix("-- ") else { break }
                let parts = line.dropFirst(3).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "expect": message = parts[1]
                case "line": self.line = Int(parts[1]) ?? 0
                case "window": presented = parts[1] == "presented"
                case "phase": atLoad = parts[1] == "load"
                case "reload": reloads = parts[1] == "yes"
                default: break
                }
            }
        }
    }

    @Test func theSuiteHasTheCasesTheIssueAsksFor() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func aHostilePluginIsContained(file: String) throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let expectation = Expectation(source: source)
        #expect(!expectation.message.isEmpty && expectation.line > 0, "\(file) states no expectation")
        let name = String(file.dropLast(4))
        let directory = try temporaryDirectory([file: source])
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ServerHarness.defaultOptions
        options.pluginDirectories = [directory]
        // The default limits without the time limit, so that what stops each case does not
        // depend on the machine's speed (a sanitizer makes Scrim's calls several times slower).
        // RunawayTests covers the time limit.
        options.limits = .init(timeLimit: .zero)
        let h = ServerHarness(options: options)
        h.start()
        #expect(h.result("scrim/loadScene", ["scene": "demo"])["viewControllers"] == ["nav", "home", "details", "about"])
        let before = h.result("scrim/snapshot")["window"]

        let present = h.request("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": .string(name)]])
        if expectation.atLoad {
            #expect(present.errorCode != nil, "\(file): a plugin that failed to load cannot present")
        } else {
            #expect(present["result"]?["transition"] != nil, "\(file): \(present.jsonString)")
            for step in 0..<12 {
                h.result("scrim/advance", ["seconds": 0.25])
                if step == 0, expectation.reloads {
                    #expect(h.result("scrim/reload", ["name": .string(name)]) == ["reloaded": [.string(name)]])
                }
            }
        }

        // The host answers, nothing is left running, and the transition ended: completed when the
        // file says so, else cancelled with the window as before.
        let snapshot = h.result("scrim/snapshot")
        #expect(snapshot["transitions"] == [], "\(file)")
        if !expectation.atLoad {
            #expect(h.notifications("scrim/transitionDidEnd").map { $0["completed"] } == [.bool(expectation.presented)], "\(file)")
        }
        if !expectation.presented { #expect(snapshot["window"] == before, "\(file)") }

        // A diagnostic names the file and the line.
        let uri = directory.appendingPathComponent(file).absoluteURL.standardizedFileURL.absoluteString
        let published = h.notifications("textDocument/publishDiagnostics")
            .filter { $0["uri"]?.stringValue.map { $0.hasSuffix("/" + file) } == true }
            .flatMap { $0["diagnostics"]?.arrayValue ?? [] }
        for list in h.notifications("textDocument/publishDiagnostics") {
            let diagnostics = list["diagnostics"]?.arrayValue ?? []
            #expect(Set(diagnostics.map(\.jsonString)).count == diagnostics.count, "\(file): a diagnostic was published twice")
        }
        let matching = published.first { expectation.isMet(by: $0["message"]?.stringValue ?? "") }
        #expect(matching != nil, "\(file): no diagnostic contains '\(expectation.message)'; published \(published.map { $0["message"]?.stringValue ?? "" }) for \(uri)")
        if let matching {
            #expect(matching["range"]?["start"]?["line"]?.intValue == expectation.line - 1, "\(file): \(matching.jsonString)")
        }
        // `scrim/plugins` lists the plugin once, with the diagnostic.
        let listed = h.result("scrim/plugins")["plugins"]?.arrayValue?.filter { $0["name"] == .string(name) } ?? []
        #expect(listed.count == 1, "\(file): listed \(listed.count) times")
        #expect(listed.first?["diagnostics"]?.arrayValue?.contains { expectation.isMet(by: $0["message"]?.stringValue ?? "") } == true,
                "\(file): scrim/plugins shows \(listed.first?["diagnostics"]?.jsonString ?? "nothing")")

        // And the window still runs transitions: a new scene, and a built-in presentation to its end.
        #expect(h.request("scrim/loadScene", ["scene": "demo"])["error"] == nil, "\(file)")
        let next = h.request("scrim/present", ["presented": "details", "modalTransitionStyle": "crossDissolve"])
        #expect(next["error"] == nil, "\(file): \(next.jsonString)")
        h.result("scrim/advance", ["seconds": 1])
        #expect(h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "details" }?["isViewInWindow"] == true)
    }

    /// The play-check of a save plays the file in a host of its own (with the session's limits): the
    /// server answers after it, and the file's diagnostics name the line (a file that needs a
    /// reload during its transition to fault plays cleanly).
    @Test(arguments: cases)
    func aSavedHostilePluginIsPlayCheckedAndContained(file: String) throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let expectation = Expectation(source: source)
        let directory = try temporaryDirectory([file: source])
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri = JSONValue.string(directory.appendingPathComponent(file).absoluteString)
        var options = ServerHarness.defaultOptions
        options.pluginDirectories = [directory]
        // As above: no time limit, so that the budget or the cap stops each case on any machine
        // (the session's limits are the play-check's).
        options.limits = .init(timeLimit: .zero)
        let h = ServerHarness(options: options)
        h.start()
        h.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        #expect(h.request("scrim/plugins")["result"] != nil, "\(file)")
        let diagnostics = h.notifications("textDocument/publishDiagnostics").last { $0["uri"] == uri }?["diagnostics"]?.arrayValue ?? []
        let matching = diagnostics.filter { expectation.isMet(by: $0["message"]?.stringValue ?? "") }
        if expectation.reloads {
            #expect(matching.isEmpty, "\(file): \(diagnostics)")
        } else {
            #expect(matching.contains { $0["range"]?["start"]?["line"]?.intValue == expectation.line - 1 }, "\(file): \(diagnostics)")
        }
    }
}
