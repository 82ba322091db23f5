import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// A Lua navigation delegate whose `animationControllerForOperation` vends something that is not
/// an animator (Docs/Containers.md, "Delegates written in Lua"; Docs/Transitions.md, "Faults"):
/// the push ends cancelled, a diagnostic names the plugin and the method, and the stack, the view
/// hierarchy and the next push are as if it had not happened.
@MainActor @Suite struct NavigationDelegateFaultTests {
    /// A delegate plugin whose `animationControllerForOperation` (line 3) returns `result`, and a
    /// plain animator `fine` to push with afterwards.
    static func plugins(returning result: String) -> [String: String] {
        [
            "chooser.lua": """
                local Chooser = {}

                function Chooser:animationControllerForOperation(operation, from, to)
                  return \(result)
                end

                return Chooser

                """,
            "fine.lua": """
                local Fine = {}
                function Fine:transitionDuration(ctx) return 0.2 end
                function Fine:animateTransition(ctx)
                  ctx.containerView:addSubview(ctx:view("to"))
                  ctx:completeTransition(true)
                end
                return Fine

                """,
        ]
    }

    /// A server with `plugins` on the scene `nav` [`list`] and the template `detail`, and the
    /// model snapshot before anything was pushed.
    static func started(_ plugins: [String: String], in directory: URL) throws -> (ServerHarness, before: JSONValue) {
        for (name, text) in plugins {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": ContainerMethodTests.pushScene])
        return (h, h.result("scrim/snapshot", ["presentation": false]))
    }

    /// Records an issue unless the window, the stack and every view controller are as `before`,
    /// nothing runs, and a push with another delegate still completes.
    static func expectUnchanged(_ h: ServerHarness, since before: JSONValue, _ label: String) {
        let after = h.result("scrim/snapshot", ["presentation": false])
        #expect(after["window"] == before["window"], "\(label)")
        #expect(after["viewControllers"] == before["viewControllers"], "\(label)")
        #expect(after["transitions"] == [], "\(label)")
        #expect(ContainerMethodTests.ids(in: after["window"] ?? [:]) == ["window", "nav", "list"], "\(label)")

        let again = h.result("scrim/push", ["navigationController": "nav", "viewController": "detail", "delegate": ["animator": "fine"]])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(h.notifications("scrim/transitionDidEnd").last == ["transition": again["transition"] ?? .null, "completed": true], "\(label)")
        let navigation = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "nav" }
        #expect(navigation?["children"] == ["list", "detail"], "\(label)")
    }

    /// Wrong results refused when the delegate vends them, with the diagnostic each is reported as.
    nonisolated static let refusedResults: [(result: String, message: String)] = [
        ("42", "animationControllerForOperation must return a plugin name, scrim.plugin(name, options), a table or nil; got number"),
        ("true", "animationControllerForOperation must return a plugin name, scrim.plugin(name, options), a table or nil; got boolean"),
        (#""slid""#, "no animator named 'slid'; known: fine"),
        (#""chooser""#, "plugin 'chooser' (CHOOSER) is not an animator; it plays: delegate"),
        (
            "{ transitionDuration = function() return 0.5 end }",
            "animationControllerForOperation returned a table that is not an animator: it has no animateTransition"
        ),
    ]

    @Test(arguments: refusedResults)
    func aWrongVendedAnimatorCancelsThePushBeforeItBegins(result: String, message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (h, before) = try Self.started(Self.plugins(returning: result), in: directory)

        // The request succeeds: the delegate is asked on the next tick, and fails there.
        let push = h.result("scrim/push", ["navigationController": "nav", "viewController": "detail", "delegate": "chooser"])
        #expect(push["viewController"] == "detail")
        let transition = try #require(push["transition"]?.intValue)
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(h.notifications("scrim/transitionDidBegin").isEmpty, "\(result)")
        #expect(h.notifications("scrim/transitionDidEnd") == [["transition": .int(transition), "completed": false]], "\(result)")

        // The file's diagnostic is at the method's line; the log names the plugin and the method.
        let published = h.notifications("textDocument/publishDiagnostics")
            .filter { $0["uri"]?.stringValue?.hasSuffix("/chooser.lua") == true }
            .flatMap { $0["diagnostics"]?.arrayValue ?? [] }
        #expect(published.count == 1, "\(result): \(published.map(\.jsonString))")
        let diagnostic = try #require(published.first)
        let message = message.replacingOccurrences(of: "CHOOSER", with: directory.appendingPathComponent("chooser.lua").path)
        #expect(diagnostic["message"]?.stringValue == message)
        #expect(diagnostic["range"]?["start"]?["line"] == 2)
        #expect(diagnostic["severity"] == 1)
        let logged = h.notifications("window/logMessage").compactMap { $0["message"]?.stringValue }
        #expect(logged.count == 1, "\(result): \(logged)")
        let log = try #require(logged.first)
        #expect(log.hasPrefix("transition \(transition): delegate 'chooser': animationControllerForOperation threw: "), "\(log)")
        #expect(log.hasSuffix("/chooser.lua:3: \(message)"), "\(log)")

        Self.expectUnchanged(h, since: before, result)
    }
}
