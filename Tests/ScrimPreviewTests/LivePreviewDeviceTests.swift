import Foundation
import ScrimCore
import ScrimHost
import ScrimJSON
import ScrimPlayback
import ScrimTestSupport
import Testing
@testable import ScrimPreview

/// The live page's device picker: a `device` message makes the session play on that device (or
/// at the scene's size) from then on; an unknown name is refused; the picker's list message.
@MainActor
@Suite struct LivePreviewDeviceTests {
    /// A session playing a copy of `crossfade.lua` beside `pop.lua`.
    static func session() throws -> (LivePreviewSession, URL) {
        let directory = try temporaryDirectory()
        for name in ["crossfade.lua", "pop.lua"] {
            try FileManager.default.copyItem(at: Repository.plugins.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let session = try LivePreviewSession(
            plugin: directory.appendingPathComponent("crossfade.lua"), directories: [directory],
            playback: TransitionPlayback(fps: TransitionPlayback.previewFramesPerSecond))
        return (session, directory)
    }

    /// The window size and device label of the page the session makes now for its plugin.
    static func played(by session: LivePreviewSession) throws -> (Size, String?) {
        let recording = try session.render(session.current).page.recording
        return (recording.windowSize, recording.device)
    }

    @Test func aChosenDeviceStaysForLaterPlaysUntilTheSceneSizeIsChosenAgain() throws {
        let (session, directory) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.played(by: session) == (Size(width: 390, height: 844), nil))
        #expect(session.handle(#"{"type":"device","device":"ipad-mini-landscape"}"#) == nil)
        #expect(try Self.played(by: session) == (Size(width: 1133, height: 744), "iPad mini landscape · 1133 × 744"))
        // Another plugin of the picker plays on it too.
        #expect(session.handle(#"{"type":"select","plugin":"pop"}"#) == nil)
        #expect(session.current.lastPathComponent == "pop.lua")
        #expect(try Self.played(by: session).0 == Size(width: 1133, height: 744))
        #expect(session.handle(#"{"type":"device","device":null}"#) == nil)
        #expect(try Self.played(by: session) == (Size(width: 390, height: 844), nil))
    }

    @Test func anUnknownDeviceIsRefusedAndTheDevicePlayedStays() throws {
        let (session, directory) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(session.handle(#"{"type":"device","device":"iphone-se"}"#) == nil)
        let unknown = try #require(session.handle(#"{"type":"device","device":"ipad-maxi"}"#))
        let message = try JSONValue(parsing: unknown)
        #expect(message["type"] == "error")
        #expect(message["message"]?.stringValue?.hasPrefix("device: unknown device 'ipad-maxi'; did you mean 'ipad-mini'? The devices: iphone-se,") == true)
        let wrongType = try JSONValue(parsing: try #require(session.handle(#"{"type":"device","device":3}"#)))
        #expect(wrongType["message"] == #"device: "device" must be a device's name, or null for the scene's size"#)
        #expect(try Self.played(by: session).0 == Size(width: 375, height: 667))
    }

    /// A drag on the page plays on the device chosen too (the page sent at its end is its recording).
    @Test func aDragPlaysOnTheDevice() throws {
        var playback = TransitionPlayback(
            plugin: Repository.plugins.appendingPathComponent("swipe.lua"), animator: "diagonal", fps: TransitionPlayback.previewFramesPerSecond)
        playback.device = try Device(named: "iphone-se-landscape")
        let drag = try LiveDrag(playback, title: "swipe.lua", after: [])
        #expect(drag.recording.windowSize == Size(width: 667, height: 375))
        #expect(drag.recording.device == "iPhone SE landscape · 667 × 375")
    }

    @Test func theDevicesMessageListsEveryDeviceAndTheOnePlayed() throws {
        let current = try Device(named: "ipad-air-11")
        let object = try JSONValue(parsing: PreviewLiveMessage.devices(current: current).json)
        #expect(object["type"] == "devices")
        #expect(object["current"] == "ipad-air-11")
        let devices = try #require(object["devices"]?.arrayValue)
        #expect(devices.count == Device.all.count)
        #expect(devices.first == ["name": "iphone-se", "label": "iPhone SE · 375 × 667", "width": 375, "height": 667])
        #expect(try JSONValue(parsing: PreviewLiveMessage.devices(current: nil).json)["current"] == .null)
    }
}
