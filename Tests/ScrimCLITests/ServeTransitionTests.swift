import Foundation
import ScrimCore
import Testing
@testable import ScrimServer
import ScrimJSON

/// Docs/Protocol.md, "scrim/present" and "scrim/frame", against the real `scrim serve`: a crossfade
/// presented on the demo scene streams `scrim/frame` notifications with the exact alpha of a
/// linear curve.
@Suite struct ServeTransitionTests {
    /// The `details` entry of the `scrim/frame` sent at `time`, if there is one.
    static func details(in messages: [JSONValue], at time: Double) -> JSONValue? {
        messages.last { $0["method"] == "scrim/frame" && $0["params"]?["time"]?.doubleValue == time }?["params"]?["views"]?
            .arrayValue?.first { $0["id"] == "details" }
    }

    @Test func aLinearCrossfadeIsHalfwayAfterAQuarterSecond() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        let scene = try #require(await server.request("scrim/loadScene", ["scene": "demo"]))
        #expect(scene["result"]?["viewControllers"] == ["nav", "home", "details", "about"])
        #expect(try #require(await server.request("scrim/subscribeFrames", ["enabled": true, "views": ["details"]]))["result"] == [:])
        let present = try #require(await server.request("scrim/present", [
            "presented": "details", "modalPresentationStyle": "fullScreen",
            "transitioningDelegate": ["animator": "crossfade", "options": ["duration": 0.5, "curve": "linear"]],
        ]))
        let transition = try #require(present["result"]?["transition"]?.intValue)

        // The transition begins on the first tick after `present`: the view is added transparent.
        let firstTick = try #require(await server.request("scrim/advance", ["seconds": .double(1.0 / 60)])?["result"]?["time"]?.doubleValue)
        #expect(abs(firstTick - 1.0 / 60) < 1e-12)
        let began = try #require(await server.message { $0["method"] == "scrim/transitionDidBegin" })
        // Presented from the navigation controller around `home`: it covers the window.
        #expect(began["params"] == ["transition": .int(transition), "kind": "presentation", "from": "nav", "to": "details", "interactive": false])
        #expect(Self.details(in: server.messages, at: firstTick)?["alpha"] == 0.0)

        let quarter = try #require(await server.request("scrim/advance", ["seconds": 0.25])?["result"]?["time"]?.doubleValue)
        #expect(abs(quarter - firstTick - 0.25) < 1e-9)
        let halfway = try #require(Self.details(in: server.messages, at: quarter))
        let alpha = try #require(halfway["alpha"]?.doubleValue)
        #expect(abs(alpha - 0.5) <= 1e-9)
        #expect(halfway["frame"]?.rect == Rect(x: 0, y: 0, width: 390, height: 844))

        #expect(try #require(await server.request("scrim/advance", ["seconds": 0.5]))["result"] != nil)
        #expect(await server.message { $0["method"] == "scrim/transitionDidEnd" }?["params"] == ["transition": .int(transition), "completed": true])
        #expect(server.messages.last { $0["method"] == "scrim/frame" }?["params"]?["views"]?.arrayValue?.first?["alpha"] == 1.0)
        server.closeInput()
        #expect(await server.exitCode() == 1)
    }
}
