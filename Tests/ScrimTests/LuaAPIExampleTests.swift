import Foundation
import Scrim
import Testing

/// The examples of `Docs/LuaAPI.md` run and print what their `--> …` comments say. A block marked
/// `<!-- check: top -->` runs as a plugin file's top level, `<!-- check: animator -->` inside an
/// animator's `animateTransition(ctx)` during a full-screen presentation, and
/// `<!-- check: plugin NAME -->` is a whole plugin, loaded as `NAME.lua` and used in a
/// presentation and a dismissal. In an expected value, `…` stands for any text.
@MainActor @Suite struct LuaAPIExampleTests {
    struct Example {
        let kind: String
        let name: String?
        let code: String
        let line: Int

        /// The `--> …` comments, in order.
        var expected: [String] {
            code.split(separator: "\n").compactMap { line in
                line.range(of: "--> ").map { String(line[$0.upperBound...]) }
            }
        }
    }

    static func examples() throws -> [Example] {
        let url = TutorialTests.root.appendingPathComponent("Docs/LuaAPI.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var examples: [Example] = []
        var marker: (kind: String, name: String?, line: Int)?
        var block: [Substring]?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var lines = block {
                if line == "```" {
                    if let marker {
                        examples.append(Example(kind: marker.kind, name: marker.name, code: lines.joined(separator: "\n") + "\n", line: marker.line))
                    }
                    block = nil
                    marker = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if let match = line.wholeMatch(of: /<!-- check: (\w+)(?: (\w+))? -->/) {
                marker = (String(match.output.1), match.output.2.map(String.init), number + 1)
            } else if line.hasPrefix("```") {
                block = []
            } else if !line.isEmpty {
                marker = nil
            }
        }
        return examples
    }

    /// Whether `printed` matches `expected`, where `…` in `expected` stands for any text.
    static func matches(_ printed: String, _ expected: String) -> Bool {
        let parts = expected.components(separatedBy: "…")
        guard parts.count > 1 else { return printed == expected }
        guard printed.hasPrefix(parts.first!), printed.hasSuffix(parts.last!) else { return false }
        var rest = printed.dropFirst(parts.first!.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= parts.last!.count
    }

    func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    /// Compares what an example printed with its `-->` comments (as multisets: completions print
    /// later than the lines after them).
    func check(_ example: Example, printed: [String], errors: [String]) {
        let where_ = "Docs/LuaAPI.md:\(example.line)"
        #expect(errors.isEmpty, "\(where_): \(errors.joined(separator: "\n"))")
        var unmatched = printed
        for expected in example.expected {
            if let index = unmatched.firstIndex(where: { Self.matches($0, expected) }) {
                unmatched.remove(at: index)
            } else {
                Issue.record("\(where_): expected '\(expected)' to be printed; printed: \(printed)")
            }
        }
        #expect(unmatched.isEmpty, "\(where_): printed without a --> comment: \(unmatched)")
    }

    @Test func thePageHasExamplesOfEveryKind() throws {
        let kinds = try Self.examples().map(\.kind)
        #expect(kinds.filter { $0 == "top" }.count >= 5)
        #expect(kinds.filter { $0 == "animator" }.count >= 7)
        #expect(kinds.filter { $0 == "plugin" }.count >= 3)
    }

    @Test func topLevelExamplesPrintWhatTheySay() throws {
        for example in try Self.examples() where example.kind == "top" {
            let host = try ScrimHost(plugins: try directory(["example.lua": example.code + "return {}\n"]))
            var printed: [String] = []
            host.onLog { printed.append($0.text) }
            host.reload()
            let errors = host.scriptDiagnostics.values.flatMap { $0 }.filter { $0.severity == .error }.map(\.description)
            check(example, printed: printed, errors: errors)
        }
    }

    @Test func animatorExamplesPrintWhatTheySay() throws {
        for example in try Self.examples() where example.kind == "animator" {
            let indented = example.code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            let source = """
                local Check = { duration = 0.5 }
                function Check:animateTransition(ctx)
                  ctx.containerView:addSubview(ctx:view("to"))
                  do
                \(indented)
                  end
                  scrim.animate(0.5, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
                end
                return Check

                """
            let host = try ScrimHost(plugins: try directory(["check.lua": source]))
            var printed: [String] = []
            var errors: [String] = []
            host.onLog { printed.append($0.text) }
            host.onDiagnostics { errors.append("\($0)") }
            let details = ViewController(id: "details")
            details.modalPresentationStyle = .fullScreen
            details.transitioningDelegate = try host.delegate(animator: "check")
            var completed: Bool?
            try host.rootViewController.present(details, animated: true) { completed = $0 }
            host.advance(by: 1.5)
            #expect(completed == true, "Docs/LuaAPI.md:\(example.line): the presentation did not complete")
            check(example, printed: printed, errors: errors)
        }
    }

    @Test func pluginExamplesPresentAndDismiss() throws {
        for example in try Self.examples() where example.kind == "plugin" {
            let name = try #require(example.name)
            let host = try ScrimHost(plugins: try directory(["\(name).lua": example.code]))
            var errors: [String] = []
            host.onDiagnostics { errors.append("\($0)") }
            let loadDiagnostics = host.scriptDiagnostics.values.flatMap { $0 }.map(\.description)
            #expect(loadDiagnostics.isEmpty, "Docs/LuaAPI.md:\(example.line): \(loadDiagnostics)")
            let roles = try #require(host.plugins.first?.roles)
            let details = ViewController(id: "details")
            if roles.contains(.delegate) {
                details.modalPresentationStyle = .fullScreen
                details.transitioningDelegate = try host.delegate(named: name)
            } else if roles.contains(.presentation) {
                details.modalPresentationStyle = .custom
                details.transitioningDelegate = try host.delegate(presentation: name)
            } else {
                details.modalPresentationStyle = .fullScreen
                details.transitioningDelegate = try host.delegate(animator: name)
            }
            var presented: Bool?
            try host.rootViewController.present(details, animated: true) { presented = $0 }
            host.advance(by: 1)
            let frame = details.view.frame
            var dismissed: Bool?
            try details.dismiss(animated: true) { dismissed = $0 }
            host.advance(by: 1)
            #expect(presented == true && dismissed == true, "Docs/LuaAPI.md:\(example.line): presented \(String(describing: presented)), dismissed \(String(describing: dismissed))")
            #expect(errors.isEmpty, "Docs/LuaAPI.md:\(example.line): \(errors)")
            #expect(host.window.subviews.map(\.id) == ["root"])
            if name == "side" {
                #expect(frame == Rect(x: 195, y: 0, width: 195, height: 844))
            }
        }
    }
}
