import Foundation
import ScrimCore
import ScrimHost
import ScrimJSON
import Testing
@testable import ScrimServer

/// Scenes a hostile client may send (Docs/Reliability.md, "Hostile clients of the language
/// server"): F14, a chain of child view controllers deep enough that `scrim/snapshot` nested
/// deeper than the protocol accepts, and the cap on view controllers per scene.
@MainActor @Suite struct HostileSceneTests {
    static func view(depth: Int = 1) -> JSONValue {
        var view: JSONValue = ["frame": ["x": 0, "y": 0, "width": 10, "height": 10]]
        for _ in 1..<depth { view = ["frame": ["x": 0, "y": 0, "width": 10, "height": 10], "subviews": [view]] }
        return view
    }

    /// A scene whose root `vc0` holds `vc1`, which holds `vc2`, … down to `vc<count - 1>`; the last
    /// one's view tree has `lastViewDepth` levels.
    static func chain(_ count: Int, lastViewDepth: Int = 1) -> JSONValue {
        let controllers: [JSONValue] = (0..<count).map { index in
            [
                "id": .string("vc\(index)"), "view": view(depth: index == count - 1 ? lastViewDepth : 1),
                "children": index == count - 1 ? [] : [.string("vc\(index + 1)")],
            ]
        }
        return ["window": ["width": 390, "height": 844], "root": "vc0", "viewControllers": .array(controllers)]
    }

    /// How deeply `bytes` (JSON text) nests arrays and objects.
    static func nesting(_ bytes: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        return deepest
    }

    /// Whether Python's `json` (with its default recursion limit) parses `bytes`.
    static func pythonParses(_ bytes: [UInt8]) throws -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-snapshot-\(UUID().uuidString).json")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import json, sys; json.load(open(sys.argv[1]))", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static var hasPython: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/python3")
    }

    /// The deepest chain the limit allows: the root's view at level 2, each child one deeper, the
    /// last at level 400. Its snapshot nests 802 levels: the server's own parser and Python's
    /// `json` read it.
    @Test func aChainAtTheDepthLimitLoadsAndItsSnapshotParses() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.chain(View.maximumDepth - 1)])
        let snapshot = h.request("scrim/snapshot").serialized()
        #expect(Self.nesting(snapshot) == 2 * View.maximumDepth + 2)
        #expect(Self.nesting(snapshot) <= JSONParser.maximumDepth)
        #expect((try? JSONValue(parsing: snapshot))?["result"]?["window"] != nil)
        if Self.hasPython { #expect(try Self.pythonParses(snapshot)) }
    }

    /// F14: a 1 000-deep chain (its snapshot nested 2 004 levels), and one level over the limit,
    /// are refused with 1005 naming the limit; the loaded scene stays.
    @Test(arguments: [(View.maximumDepth, 401), (1000, 401)])
    func aChainTooDeepIsRefused(count: Int, level: Int) {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.chain(3)])
        let refused = h.request("scrim/loadScene", ["scene": Self.chain(count)])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage == "params.scene.viewControllers: the views of 'vc399' would nest \(level) levels deep in the window; "
            + "at most 400 (a snapshot of deeper views would nest deeper than the protocol's JSON limit)")
        #expect(h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.count == 3)
    }

    /// The views inside a view controller count: a chain that fits, whose last view controller's
    /// view nests 64 levels, does not.
    @Test func viewsInsideTheChainCount() {
        let h = ServerHarness()
        h.start()
        let refused = h.request("scrim/loadScene", ["scene": Self.chain(338, lastViewDepth: 64)])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage?.hasPrefix("params.scene.viewControllers: the views of 'vc337' would nest 402 levels deep") == true)
        h.result("scrim/loadScene", ["scene": Self.chain(336, lastViewDepth: 64)])
    }

    /// A view controller pushed at run time onto a navigation controller deep in the window can
    /// take the window past the limit, which no scene check sees: the snapshot is refused then,
    /// never answered deeper than the protocol accepts.
    @Test func aSnapshotOfAWindowGrownTooDeepIsRefused() {
        let h = ServerHarness()
        h.start(["watch": false, "clock": "manual"])
        guard case .object(var scene) = Self.chain(336), case .array(var controllers) = scene["viewControllers"] else {
            Issue.record("not a scene")
            return
        }
        controllers[335] = ["id": "vc335", "kind": "navigation", "view": Self.view(), "children": ["top"]]
        controllers.append(["id": "top", "view": Self.view()])
        controllers.append(["id": "deep", "view": Self.view(depth: 64)])
        scene["viewControllers"] = .array(controllers)
        h.result("scrim/loadScene", ["scene": .object(scene)])
        h.result("scrim/push", ["navigationController": "vc335", "viewController": "deep", "animated": false])
        h.result("scrim/advance", ["seconds": 0.1])
        let refused = h.request("scrim/snapshot")
        #expect(refused.errorCode == -32603)
        #expect(refused.errorMessage == "the window's views nest 401 levels deep; a snapshot carries at most 400 "
            + "(deeper, it would nest deeper than the protocol's 1000-level JSON limit)")
    }

    /// The cap on view controllers: a scene of 16 384 loads, one more is refused with 1005 before
    /// any view controller is decoded.
    @Test func aSceneHasAtMost16384ViewControllers() {
        func flat(_ count: Int) -> JSONValue {
            let controllers: [JSONValue] = (0..<count).map { index in
                ["id": .string("vc\(index)"), "view": Self.view(), "children": []]
            }
            return ["window": ["width": 390, "height": 844], "root": "vc0", "viewControllers": .array(controllers)]
        }
        let h = ServerHarness()
        h.start()
        let refused = h.request("scrim/loadScene", ["scene": flat(SceneDescription.maximumViewControllers + 1)])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage == "params.scene.viewControllers: the scene has more than 16384 view controllers (16385)")
        h.result("scrim/loadScene", ["scene": flat(SceneDescription.maximumViewControllers)])
        #expect(h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.count == SceneDescription.maximumViewControllers)
    }

    /// The cap holds at run time: in a scene at the cap, a push of a declared view controller
    /// whose own instance is in use makes no new instance (1005), and nothing changes.
    @Test func noInstanceIsMadePastTheCap() {
        var controllers: [JSONValue] = [
            ["id": "nav", "kind": "navigation", "view": Self.view(), "children": ["home"]], ["id": "home", "view": Self.view()],
        ]
        controllers += (2..<SceneDescription.maximumViewControllers).map { ["id": .string("vc\($0)"), "view": Self.view()] }
        let h = ServerHarness()
        h.start(["watch": false, "clock": "manual"])
        h.result("scrim/loadScene", ["scene": ["window": ["width": 390, "height": 844], "root": "nav", "viewControllers": .array(controllers)]])
        let refused = h.request("scrim/push", ["navigationController": "nav", "viewController": "home", "animated": false])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage == "params.viewController: no new instance of 'home' is made: the scene has 16384 view controllers, the most it may have")
        h.result("scrim/push", ["navigationController": "nav", "viewController": "vc2", "animated": false])
    }

    /// Checking a chain as long as the cap allows is linear: it is refused for its depth (the
    /// containment walk visits each view controller once).
    @Test func aChainAsLongAsTheCapIsRefusedForItsDepth() {
        let h = ServerHarness()
        h.start()
        let refused = h.request("scrim/loadScene", ["scene": Self.chain(SceneDescription.maximumViewControllers)])
        #expect(refused.errorCode == 1005)
        #expect(refused.errorMessage?.contains("levels deep in the window; at most 400") == true)
    }
}
