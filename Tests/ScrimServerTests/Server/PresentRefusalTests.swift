import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// Why `scrim/present` refuses: delegate names as the host lists its plugins (1003/1004,
/// Docs/Protocol.md, "Errors"), and presenters UIKit would not present from (-32602 naming the
/// view controller).
@MainActor @Suite struct PresentRefusalTests {
    /// A plugin whose class names it `zoom`, in the file `fancy.lua`.
    static let zoom = "local Z = { name = \"zoom\" }\nfunction Z:animateTransition(ctx) ctx:completeTransition(true) end\nreturn Z\n"

    @Test func delegateErrorsFollowThePluginsNameNotItsFileName() throws {
        let directory = try temporaryDirectory(["fancy.lua": Self.zoom, "broken.lua": "local B = {\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": "demo"])
        // The broken file never loaded: listed under its file name, with its diagnostics.
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.map(\.["name"]) == ["zoom", "broken"])
        // Break `fancy.lua` on disk: `zoom` stays active in its last good version.
        let fancy = directory.appendingPathComponent("fancy.lua")
        try "local Z = { name = \"zoom\"\n".write(to: fancy, atomically: true, encoding: .utf8)
        #expect(h.result("scrim/reload", ["name": "zoom"]) == ["reloaded": []])

        // No plugin is called `fancy`: the broken file of that stem is `zoom`'s.
        let fancyByStem = h.request("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "fancy"]])
        #expect(fancyByStem.errorCode == 1003)
        #expect(fancyByStem.errorMessage == "params.transitioningDelegate: no animator named 'fancy'; known: zoom")
        // `zoom` is loaded but plays another role.
        for (field, role) in [(["presentation": "zoom"] as JSONValue, "a presentation"), ("zoom", "a delegate")] {
            let response = h.request("scrim/present", ["presented": "details", "transitioningDelegate": field])
            #expect(response.errorCode == 1003)
            #expect(response.errorMessage == "params.transitioningDelegate: plugin 'zoom' (\(fancy.path)) is not \(role); it plays: animator")
        }
        // A file that never loaded answers for its default name, its stem.
        let broken = h.request("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "broken"]])
        #expect(broken.errorCode == 1004)
        #expect(broken.errorMessage?.hasPrefix("params.transitioningDelegate: plugin 'broken' failed to load: ") == true)
        #expect(broken["error"]?["data"]?["uri"] == .string(directory.appendingPathComponent("broken.lua").absoluteString))
        // And the plugin's name presents.
        #expect(h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "zoom"]])["transition"] == 1)
    }

    /// A delegate whose `new` fails, or returns no table, is 1004 with the constructor's error.
    @Test func aDelegateWhoseConstructorFailsIsAPluginError() throws {
        let failing = "local D = {}\nfunction D.new(options) error('no, thanks', 0) end\nfunction D:animationControllerForDismissed() end\nreturn D\n"
        let number = "local D = {}\nfunction D.new(options)\n  return 42\nend\nfunction D:animationControllerForDismissed() end\nreturn D\n"
        let directory = try temporaryDirectory(["failing.lua": failing, "number.lua": number])
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        h.result("scrim/loadScene", ["scene": "demo"])
        let failed = h.request("scrim/present", ["presented": "details", "transitioningDelegate": "failing"])
        #expect(failed.errorCode == 1004)
        #expect(failed.errorMessage == "params.transitioningDelegate: no, thanks")
        let bad = h.request("scrim/present", ["presented": "details", "transitioningDelegate": "number"])
        #expect(bad.errorCode == 1004)
        #expect(
            bad.errorMessage
                == "params.transitioningDelegate: \(directory.appendingPathComponent("number.lua").path):2: new(options) must return a table (the instance), got number")
    }

    /// Home (with a child `side` in its view) and two more view controllers.
    static let scene: JSONValue = {
        func controller(_ id: String, _ children: [String] = []) -> JSONValue {
            ["id": .string(id), "view": ["frame": ["x": 0, "y": 0, "width": 390, "height": 844]], "children": .array(children.map { .string($0) })]
        }
        return ["window": ["width": 390, "height": 844], "root": "home",
                "viewControllers": [controller("home", ["side"]), controller("side"), controller("a"), controller("b")]]
    }()

    @Test func aPresenterThatIsPresentingOrNotInTheWindowIsRefusedByName() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": Self.scene])
        #expect(h.request("scrim/present", ["presented": "a", "presenting": "b"]).errorMessage
            == "params.presenting: view controller 'b' is not in the window (its view is not in the window hierarchy); present from a view controller whose view is in the window")
        h.result("scrim/present", ["presented": "a", "presenting": "home", "modalPresentationStyle": "fullScreen", "animated": false])
        h.result("scrim/advance", ["seconds": 0.5])
        let before = h.result("scrim/snapshot", ["presentation": false])

        // `home` is covered by `a`: its view left the window, and it is presenting.
        let fromHome = h.request("scrim/present", ["presented": "b", "presenting": "home"])
        #expect(fromHome.errorCode == -32602)
        #expect(fromHome.errorMessage
            == "params.presenting: view controller 'home' is already presenting 'a'; present from the top of its chain ('a') or leave presenting out")
        // `side` went with its parent's view.
        let fromSide = h.request("scrim/present", ["presented": "b", "presenting": "side", "modalPresentationStyle": "overFullScreen"])
        #expect(fromSide.errorCode == -32602)
        #expect(fromSide.errorMessage
            == "params.presenting: view controller 'side' is not in the window (its view is not in the window hierarchy); present from a view controller whose view is in the window")
        #expect(h.result("scrim/snapshot", ["presentation": false]) == before)

        // From the top of the chain it works.
        h.result("scrim/present", ["presented": "b", "presenting": "a", "animated": false])
        h.result("scrim/advance", ["seconds": 0.5])
        let controllers = h.result("scrim/snapshot")["viewControllers"]?.arrayValue ?? []
        #expect(controllers.first { $0["id"] == "b" }?["presentingViewController"] == "a")
    }

    @Test func optionsNestedDeeperThanALuaPluginsAreRefused() {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        func present(optionArrays levels: Int) -> JSONValue {
            var value: JSONValue = 1
            for _ in 0..<levels { value = [value] }
            return h.request("scrim/present", [
                "presented": "details", "transitioningDelegate": ["animator": "crossfade", "options": ["deep": value]],
            ])
        }
        // 990 levels were read by the JSON parser, and would overflow the Lua stack of `Class.new(options)`.
        let deep = present(optionArrays: 990)
        #expect(deep.errorCode == -32602)
        #expect(deep.errorMessage == "params.transitioningDelegate.options: options nest deeper than 16 levels")
        #expect(present(optionArrays: 15).errorMessage == "params.transitioningDelegate.options: options nest deeper than 16 levels")
        #expect(present(optionArrays: 14)["result"]?["transition"] == 1)
    }
}
