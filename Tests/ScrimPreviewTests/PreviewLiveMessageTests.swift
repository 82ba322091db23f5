import Foundation
import ScrimCore
import ScrimJSON
import Testing
@testable import ScrimPreview

/// The live preview's WebSocket messages: JSON objects a page can parse, whatever the text holds.
@Suite struct PreviewLiveMessageTests {
    static func object(_ message: PreviewLiveMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(message.json.utf8)) as? [String: Any])
    }

    @Test func aPageCarriesItsWholeHTMLAndItsGeneration() throws {
        let html = "<script>\"use strict\";</script>\n\u{2028}<p>é</p>"
        let object = try Self.object(.page(html: html, generation: 7))
        #expect(object["type"] as? String == "page")
        #expect(object["generation"] as? Int == 7)
        #expect(object["html"] as? String == html)
    }

    @Test func aDragsFramesCarryTheNewViewsAndFramesFromTheirIndicesOn() throws {
        let update = PreviewRecordingFeed.Update(
            from: 7, viewsFrom: 12, views: [.init(id: "dimming", label: "dimming </script>")],
            frames: [["t": 0.11666666666666667, "set": [[3, 0, 195]]], ["t": 0.13333333333333333]],
            transitions: [.init(number: 1, kind: "presentation", from: "root", to: "details", interactive: true, began: 0.0166)])
        let json = PreviewLiveMessage.frames(update, generation: 4, at: 0.13333333333333333).json
        #expect(!json.contains("</script>"))
        let object = try Self.object(.frames(update, generation: 4, at: 0.13333333333333333))
        #expect(object["type"] as? String == "frames")
        #expect(object["generation"] as? Int == 4)
        #expect(object["at"] as? Double == 0.13333333333333333)
        #expect(object["from"] as? Int == 7)
        #expect(object["viewsFrom"] as? Int == 12)
        #expect(object["views"] as? [[String]] == [["dimming", "dimming </script>"]])
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(frames.map { $0["t"] as? Double } == [0.11666666666666667, 0.13333333333333333])
        #expect(frames[0]["set"] as? [[Double]] == [[3, 0, 195]])
        let transitions = try #require(object["transitions"] as? [[String: Any]])
        #expect(transitions.count == 1)
        #expect(transitions[0]["kind"] as? String == "presentation")
        #expect(transitions[0]["interactive"] as? Bool == true)
        #expect(transitions[0]["ended"] == nil)
    }

    @Test func thePickersListHasEachPluginsFileAndRoles() throws {
        let object = try Self.object(.plugins(current: "swipe", plugins: [
            (name: "pop", file: "pop.lua", roles: [.animator]),
            (name: "swipe", file: "swipe.lua", roles: [.interaction, .animator]),
        ]))
        #expect(object["type"] as? String == "plugins")
        #expect(object["current"] as? String == "swipe")
        let plugins = try #require(object["plugins"] as? [[String: Any]])
        #expect(plugins.map { $0["name"] as? String } == ["pop", "swipe"])
        #expect(plugins.map { $0["file"] as? String } == ["pop.lua", "swipe.lua"])
        #expect(plugins.map { $0["roles"] as? [String] } == [["animator"], ["interaction", "animator"]])
    }

    @Test func aDiagnosticHasOneBasedLineAndColumnAndItsSourceLine() throws {
        let diagnostic = ScriptDiagnostic(
            path: "/tmp/pop.lua", range: .init(start: .init(line: 44, character: 13), end: .init(line: 44, character: 14)),
            message: "unexpected symbol near '='")
        let object = try Self.object(.diagnostic(diagnostic, source: "  duration = = 0.8,", generation: 3))
        #expect(object["type"] as? String == "diagnostic")
        #expect(object["generation"] as? Int == 3)
        #expect(object["file"] as? String == "/tmp/pop.lua")
        #expect(object["line"] as? Int == 45)
        #expect(object["column"] as? Int == 14)
        #expect(object["message"] as? String == "unexpected symbol near '='")
        #expect(object["source"] as? String == "  duration = = 0.8,")
    }

    @Test func theGenerationAndErrorsAreSmallObjects() throws {
        #expect(PreviewLiveMessage.generation(2).json == #"{"type":"generation","generation":2}"#)
        let error = try Self.object(.error("not JSON: \"x"))
        #expect(error["type"] as? String == "error")
        #expect(error["message"] as? String == "not JSON: \"x")
        #expect(PreviewLiveMessage.stopped("it was \"idle\"").json == #"{"type":"stopped","reason":"it was \"idle\""}"#)
    }
}
