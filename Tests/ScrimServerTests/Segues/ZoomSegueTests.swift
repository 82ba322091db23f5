import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// The shipped `Plugins/zoomsegue.lua`: a custom segue class that presents its destination and
/// zooms it out of the trigger view.
@MainActor @Suite struct ZoomSegueTests {
    static let card = Rect(x: 20, y: 340, width: 350, height: 200)
    static let full = Rect(x: 0, y: 0, width: 390, height: 844)

    static let scene: JSONValue = [
        "window": ["width": 390, "height": 844], "root": "list",
        "viewControllers": [
            [
                "id": "list",
                "view": ["frame": SceneSegueTests.frame(0, 0, 390, 844), "subviews": [
                    ["id": "card", "frame": SceneSegueTests.frame(20, 340, 350, 200), "cornerRadius": 20],
                ]],
                "segues": [["identifier": "zoom", "kind": "custom", "segueClass": "zoomsegue", "destination": "detail", "trigger": "card"]],
            ],
            ["id": "detail", "modalPresentationStyle": "fullScreen", "view": ["frame": SceneSegueTests.frame(0, 0, 390, 844)]],
        ],
    ]

    /// The view `id` in a snapshot's window tree (presentation values).
    func view(_ id: String, in h: ServerHarness) -> JSONValue? {
        func find(_ node: JSONValue) -> JSONValue? {
            if node["id"] == .string(id) { return node }
            for child in node["subviews"]?.arrayValue ?? [] {
                if let found = find(child) { return found }
            }
            return nil
        }
        return h.result("scrim/snapshot")["window"].flatMap(find)
    }

    func easeInOut(_ x: Double) -> Double { ReferenceCurve.easeInOut(x) }

    @Test func aTapZoomsTheDestinationOutOfTheCard() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.scene])
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 100, "y": 400]]) == ["view": "card"])
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        // Presented without UIKit's animation; the segue's own starts at the card.
        #expect(view("detail", in: h)?["frame"]?.rect == Self.card)
        #expect(view("detail", in: h)?["cornerRadius"] == 20.0)
        for step in 1...3 {
            h.result("scrim/advance", ["seconds": .double(0.45 / 4)])
            let p = easeInOut(Double(step) / 4)
            let frame = try #require(view("detail", in: h)?["frame"]?.rect)
            #expect(abs(frame.minX - 20 * (1 - p)) < 1e-6 && abs(frame.minY - 340 * (1 - p)) < 1e-6, "\(frame) at \(step)/4")
            #expect(abs(frame.width - (350 + 40 * p)) < 1e-6 && abs(frame.height - (200 + 644 * p)) < 1e-6, "\(frame) at \(step)/4")
            #expect(abs((view("detail", in: h)?["cornerRadius"]?.doubleValue ?? -1) - 20 * (1 - p)) < 1e-6)
        }
        h.result("scrim/advance", ["seconds": 0.2])
        #expect(view("detail", in: h)?["frame"]?.rect == Self.full)
        let detail = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "detail" }
        #expect(detail?["presentingViewController"] == "list")
        #expect(h.notifications("textDocument/publishDiagnostics").allSatisfy { ($0["diagnostics"]?.arrayValue ?? []).isEmpty })
    }

    @Test func fromCodeItGrowsFromTheCenterOfTheSource() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.scene])
        #expect(h.result("scrim/performSegue", ["viewController": "list", "identifier": "zoom"])["destination"] == "detail")
        h.result("scrim/advance", ["seconds": .double(1.0 / 60)])
        #expect(view("detail", in: h)?["frame"]?.rect == Rect(x: 195, y: 422, width: 0, height: 0))
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(view("detail", in: h)?["frame"]?.rect == Self.full)
    }
}
