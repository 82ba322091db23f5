import ScrimCore
import Testing
@testable import ScrimServer

/// Frames are written straight from the views; the bytes must be what the `JSONValue` path writes.
@MainActor @Suite struct FrameEncoderTests {
    @Test func theDirectEncodingIsByteForByteTheJSONValueOne() throws {
        let plain = View(id: "plain", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let turned = View(id: "quote\"and\\é", frame: Rect(x: -3.25, y: 0.1, width: 33.333, height: 1e-7))
        turned.transform = AffineTransform.rotation(.pi / 7).concatenating(.scale(1.5, 0.5))
        turned.alpha = 0.123456789
        turned.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        turned.cornerRadius = 12.5
        turned.isHidden = true
        let layered = View(id: "layered", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        layered.transform3D = .rotation(.pi / 3, 0, 1, 0)
        layered.layer.anchorPoint = Point(x: 0, y: 1)
        layered.layer.shadowOpacity = 0.25
        layered.layer.borderColor = .white
        layered.layer.isDoubleSided = false
        let views = [plain, turned, layered]
        let direct = FrameEncoder.notification(time: 1.0 / 120 * 7, views: views)
        let viaValues = OutgoingMessage.notification(
            ServerNotification.frame, FrameRecorder.frameParams(time: 1.0 / 120 * 7, views: views)
        ).serialized()
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: viaValues, as: UTF8.self))
        #expect(FrameEncoder.notification(time: 0, views: []) == OutgoingMessage.notification(
            ServerNotification.frame, FrameRecorder.frameParams(time: 0, views: [])).serialized())
    }

    @Test func layerValuesAreWrittenOnlyWhenNotAtTheirDefaults() throws {
        let plain = View(id: "plain", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let text = String(decoding: FrameEncoder.params(time: 0, views: [plain]), as: UTF8.self)
        #expect(!text.contains("transform3D") && !text.contains("shadow") && !text.contains("anchorPoint"))
        plain.transform3D = .translation(0, 0, 5)
        plain.layer.zPosition = 2
        plain.layer.shadowOffset = Size(width: 1, height: 2)
        plain.layer.isDoubleSided = false
        let layered = String(decoding: FrameEncoder.params(time: 0, views: [plain]), as: UTF8.self)
        #expect(layered.contains(#""transform3D":[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,5.0,1.0]"#))
        #expect(layered.contains(#""zPosition":2.0,"shadowOffset":{"width":1.0,"height":2.0},"isDoubleSided":false,"isHidden":false"#))
    }
}
