import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// Docs/Protocol.md, "Notifications from the server" and "Documents, diagnostics and hot reload":
/// what the server tells the client on its own — plugin output, diagnostics after the host's
/// watcher reloads a file, frames on the real-time clock.
@MainActor @Suite struct NotificationTests {
    /// A temporary plugin directory holding `files`.
    func pluginDirectory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    static let chatty = """
        local Chatty = { duration = 0.05 }
        function Chatty:animateTransition(ctx)
          print("animating", 2)
          scrim.log("to", ctx:viewController("to").id)
          ctx:completeTransition(true)
        end
        return Chatty
        """

    @Test func pluginOutputIsAWindowLogMessageTaggedWithThePluginAndLine() throws {
        let directory = try pluginDirectory(["chatty.lua": Self.chatty])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "chatty"]])
        h.result("scrim/advance", ["seconds": 0.1])
        let logs = h.notifications("window/logMessage")
        #expect(logs == [
            ["type": 4, "message": "[chatty:3] animating\t2"],
            ["type": 4, "message": "[chatty:4] to\tdetails"],
        ])
    }

    @Test func aFaultIsAnErrorLogMessage() throws {
        let directory = try pluginDirectory(["lazy.lua": "local L = {}\nfunction L:transitionDuration() return 0.1 end\nfunction L:animateTransition(ctx) end\nreturn L\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "lazy"]])
        h.result("scrim/advance", ["seconds": 2.5])
        #expect(h.notifications("scrim/transitionDidEnd") == [["transition": 1, "completed": false]])
        let error = h.notifications("window/logMessage").first { $0["type"] == 1 }
        #expect(error?["message"]?.stringValue?.contains("lazy") == true)
        // The contract fault also lands on the plugin's file.
        let uri = directory.appendingPathComponent("lazy.lua").absoluteString
        let published = h.notifications("textDocument/publishDiagnostics").last { $0["uri"] == .string(uri) }
        #expect(published?["diagnostics"]?.arrayValue?.first?["message"]?.stringValue?.contains("completeTransition") == true)
    }

    @Test func theHostsWatcherPublishesDiagnosticsAndReloads() async throws {
        let file = "local F = {}\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n"
        let directory = try pluginDirectory(["fade.lua": file])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": true, "pluginPaths": [.string(directory.path)]])
        let uri = directory.appendingPathComponent("fade.lua").absoluteString
        func published() -> [JSONValue] { h.notifications("textDocument/publishDiagnostics").filter { $0["uri"] == .string(uri) } }
        let before = published().count
        try "local F = {\n".write(to: directory.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        #expect(await waitUntil { published().count > before })
        #expect(published().last?["diagnostics"]?.arrayValue?.count == 1)
        let reloads = h.notifications("scrim/pluginDidReload").count
        try file.write(to: directory.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        #expect(await waitUntil { h.notifications("scrim/pluginDidReload").count > reloads })
        #expect(published().last?["diagnostics"] == [])
    }

    @Test func theRealTimeClockStreamsFramesOnItsOwn() async throws {
        let h = ServerHarness()
        h.start(["watch": false, "clock": "realtime", "frameRate": 120])
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/subscribeFrames", ["enabled": true, "views": ["details"]])
        h.result("scrim/present", ["presented": "details", "modalPresentationStyle": "fullScreen",
                                   "transitioningDelegate": ["animator": "crossfade", "options": ["duration": 0.2]]])
        // Generous: other suites share the main actor and the machine; alone it takes 0.2 s.
        #expect(await waitUntil { !h.notifications("scrim/transitionDidEnd").isEmpty })
        let frames = h.notifications("scrim/frame")
        // A late tick catches up (the clock computes from elapsed time), so under load there may
        // be few frames; there is at least the last one.
        #expect(frames.count >= 1)
        let times = frames.compactMap { $0["time"]?.doubleValue }
        #expect(times == times.sorted())
        #expect(frames.last?["views"]?.arrayValue?.first?["alpha"] == 1.0)
        h.result("scrim/setClock", ["mode": "manual"])
        #expect(h.request("scrim/advance", ["seconds": 0.1]).errorCode == nil)
    }
}
