import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimTestSupport
import Testing

/// A playback on a device (`--device`): the window takes the device's size and horizontal size
/// class instead of the scene's, before the scene's first layout; without one, the scene's own.
@MainActor
@Suite struct DevicePlaybackTests {
    static let pop = Repository.plugins.appendingPathComponent("pop.lua")

    /// The window and root view sizes, and the horizontal size class, at the first frame.
    static func firstFrame(of playback: TransitionPlayback) throws -> (window: Size, root: Size, sizeClass: UserInterfaceSizeClass) {
        var seen: (Size, Size, UserInterfaceSizeClass)?
        _ = try playback.play(onFrame: { _, window in
            if seen == nil {
                seen = (window.bounds.size, window.rootViewController?.view.frame.size ?? .zero, window.traitCollection.horizontalSizeClass)
            }
        })
        return try #require(seen)
    }

    @Test func theDemoPlaysAtTheDevicesSizeAndTheScenesSizeStaysTheDefault() throws {
        var playback = TransitionPlayback(plugin: Self.pop)
        let scene = try Self.firstFrame(of: playback)
        #expect(scene.window == Size(width: 390, height: 844))
        #expect(scene.root == Size(width: 390, height: 844))
        playback.device = try Device(named: "ipad-air-11")
        let ipad = try Self.firstFrame(of: playback)
        #expect(ipad.window == Size(width: 820, height: 1180))
        #expect(ipad.root == Size(width: 820, height: 1180))
        #expect(ipad.sizeClass == .regular)
    }

    @Test func theDevicesSizeClassIsForcedEvenWhereTheWidthWouldSayOtherwise() throws {
        var playback = TransitionPlayback(plugin: Self.pop)
        playback.device = try Device(named: "iphone-16-landscape")
        let frame = try Self.firstFrame(of: playback)
        #expect(frame.window == Size(width: 852, height: 393))
        // 852 points wide is regular by the width; an iPhone 16 in landscape is compact.
        #expect(frame.sizeClass == .compact)
    }

    /// The size class is the window's before the root is laid out: a split view controller at
    /// the root of a scene played on a compact landscape iPhone starts collapsed (only its
    /// primary in the window), on a fresh host and on one that plays again (the live preview's).
    @Test func aSplitViewControllerIsCollapsedFromTheFirstLayoutOnACompactDevice() throws {
        let view = #"{"frame": {"x": 0, "y": 0, "width": 390, "height": 844}}"#
        let scene = """
            {"window": {"width": 1024, "height": 768}, "root": "split", "viewControllers": [
              {"id": "split", "kind": "split", "view": \(view), "children": ["primary", "secondary"]},
              {"id": "primary", "view": \(view)}, {"id": "secondary", "view": \(view)}, {"id": "details", "view": \(view)}]}
            """
        let directory = try temporaryDirectory(["split.json": scene])
        defer { try? FileManager.default.removeItem(at: directory) }
        var playback = TransitionPlayback(plugin: Self.pop, scene: directory.appendingPathComponent("split.json"))
        /// Whether the primary and the secondary are in the window at the first frame.
        func columns(on host: ScrimHost? = nil) throws -> [Bool] {
            var columns: [Bool]?
            _ = try playback.play(on: host, onFrame: { _, window in
                if columns == nil { columns = ["primary", "secondary"].map { window.descendant(withID: $0) != nil } }
            })
            return try #require(columns)
        }
        // The scene's own 1024-point window is regular: both columns.
        #expect(try columns() == [true, true])
        playback.device = try Device(named: "iphone-16-landscape")
        #expect(try columns() == [true, false])
        #expect(try columns(on: try playback.makeHost()) == [true, false])
    }
}
