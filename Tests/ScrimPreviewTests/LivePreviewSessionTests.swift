import Foundation
import ScrimJSON
import ScrimPlayback
import ScrimTestSupport
import Testing
@testable import ScrimPreview

/// What the live preview's session answers a page's messages: the picker's choice, the pans of a
/// drag in order, and a clear error for anything else; a pick during a drag drops the drag.
@MainActor
@Suite struct LivePreviewSessionTests {
    /// A session playing `swipe.lua` (driving `diagonal`) from a directory holding both.
    static func session() throws -> (LivePreviewSession, URL) {
        let directory = try temporaryDirectory()
        for name in ["swipe.lua", "diagonal.lua"] {
            try FileManager.default.copyItem(
                at: Repository.plugins.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let session = try LivePreviewSession(
            plugin: directory.appendingPathComponent("swipe.lua"), directories: [directory],
            playback: TransitionPlayback(pluginDirectories: [directory], animator: "diagonal", fps: TransitionPlayback.previewFramesPerSecond))
        return (session, directory)
    }

    /// The error message of a reply (nil: no reply, or not an error).
    static func error(_ reply: String?) throws -> String? {
        guard let reply else { return nil }
        let value = try JSONValue(parsing: reply)
        #expect(value["type"] == "error")
        return value["message"]?.stringValue
    }

    static func pan(_ phase: String, y: Double, t: Double) -> String {
        #"{"type":"pan","phase":"\#(phase)","x":195,"y":\#(y),"t":\#(t)}"#
    }

    @Test func messagesThatAreNotUnderstoodGetAnErrorBack() throws {
        let (session, directory) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.error(session.handle("{"))?.hasPrefix("not JSON: ") == true)
        #expect(try Self.error(session.handle("[]")) == "a message must be an object with a \"type\" string")
        #expect(try Self.error(session.handle(#"{"type":"zoom"}"#)) == "unknown message type 'zoom'; expected \"select\", \"device\" or \"pan\"")
        #expect(try Self.error(session.handle(#"{"type":"select"}"#)) == "select: \"plugin\" must be a plugin's name")
        #expect(try Self.error(session.handle(#"{"type":"select","plugin":"nosuch"}"#))
            == "select: unknown plugin 'nosuch'; the plugins: diagonal, swipe")
        #expect(try Self.error(session.handle(#"{"type":"pan","phase":"began","x":"left","y":0,"t":0}"#))
            == "pan: \"x\", \"y\" and \"t\" (seconds since the drag began) must be numbers")
        #expect(try Self.error(session.handle(#"{"type":"pan","phase":"lifted","x":0,"y":0,"t":0}"#))
            == "pan: \"phase\" must be one of began, changed, ended, cancelled")
        #expect(try Self.error(session.handle(Self.pan("began", y: 200, t: 60))) == "pan: a drag must end within the play's 60 s of clock time")
    }

    @Test func theDragsPansComeInOrderBeganFirstNothingAfterTheEnd() throws {
        let (session, directory) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.error(session.handle(Self.pan("changed", y: 300, t: 0.05))) == "pan: a drag begins with \"began\"")
        #expect(session.handle(Self.pan("began", y: 200, t: 0)) == nil)
        #expect(session.handle(Self.pan("changed", y: 500, t: 0.05)) == nil)
        #expect(session.handle(Self.pan("ended", y: 700, t: 0.1)) == nil)
        #expect(try Self.error(session.handle(Self.pan("changed", y: 720, t: 0.15))) == "pan: a drag begins with \"began\"")
        // A new drag may begin.
        #expect(session.handle(Self.pan("began", y: 200, t: 0)) == nil)
        #expect(session.handle(Self.pan("cancelled", y: 210, t: 0.05)) == nil)
    }

    @Test func aPickDuringADragDropsIt() throws {
        let (session, directory) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(session.handle(Self.pan("began", y: 200, t: 0)) == nil)
        #expect(session.handle(#"{"type":"select","plugin":"diagonal"}"#) == nil)
        #expect(session.current.lastPathComponent == "diagonal.lua")
        #expect(try Self.error(session.handle(Self.pan("changed", y: 300, t: 0.05))) == "pan: a drag begins with \"began\"")
        #expect(session.handle(#"{"type":"select","plugin":"swipe"}"#) == nil)
        #expect(try Self.error(session.handle(Self.pan("changed", y: 300, t: 0.05))) == "pan: a drag begins with \"began\"")
    }
}
