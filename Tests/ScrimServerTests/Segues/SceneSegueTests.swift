import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// A scene as a storyboard (Docs/Segues.md, "Scenes"; Docs/Protocol.md, "Scenes"): declared
/// segues run by taps and by `scrim/performSegue`, fresh destinations, unwinds, controller
/// plugins, and scenes refused whole when a segue names what does not exist.
@MainActor @Suite struct SceneSegueTests {
    static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSONValue {
        ["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)]
    }

    /// `nav [list]`; `list` shows `detail` from its card, presents `about` as a popover from its
    /// info button and handles the unwind action `backToList`; `detail` unwinds from its close
    /// button and shows another `detail` (a segue to itself).
    static let scene: JSONValue = [
        "window": ["width": 390, "height": 844], "root": "nav",
        "viewControllers": [
            ["id": "nav", "kind": "navigation", "view": ["frame": frame(0, 0, 390, 844)], "children": ["list"]],
            [
                "id": "list", "controller": "listController", "unwindActions": ["backToList"],
                "view": ["frame": frame(0, 0, 390, 844), "subviews": [
                    ["id": "card", "frame": frame(20, 120, 350, 200)],
                    ["id": "info", "frame": frame(330, 50, 40, 40)],
                ]],
                "segues": [
                    ["identifier": "showDetail", "kind": "show", "destination": "detail", "trigger": "card"],
                    ["identifier": "showAbout", "kind": "popover", "destination": "about", "trigger": "info"],
                ],
            ],
            [
                "id": "detail",
                "view": ["frame": frame(0, 0, 390, 844), "subviews": [["id": "detail.close", "frame": frame(330, 50, 40, 40)]]],
                "segues": [
                    ["identifier": "close", "kind": "unwind", "action": "backToList", "trigger": "detail.close"],
                    ["identifier": "more", "kind": "show", "destination": "detail"],
                ],
            ],
            ["id": "about", "preferredContentSize": ["width": 200, "height": 100], "view": ["frame": frame(0, 0, 200, 100)]],
        ],
    ]

    static let listController = """
        local List = {}
        function List:shouldPerformSegue(vc, identifier, sender)
          print("should", identifier, sender and sender.id)
          return true
        end
        function List:prepareForSegue(vc, segue, sender)
          print("prepare", segue.identifier, segue.destination.id)
        end
        return List
        """

    func started() throws -> (ServerHarness, URL) {
        let directory = try temporaryDirectory(["listController.lua": Self.listController])
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        let loaded = h.request("scrim/loadScene", ["scene": Self.scene])
        #expect(loaded.errorMessage == nil, "\(loaded.errorMessage ?? "")")
        return (h, directory)
    }

    func logs(_ h: ServerHarness) -> [String] {
        h.notifications("window/logMessage").compactMap { $0["message"]?.stringValue }.map {
            $0.replacingOccurrences(of: #"^\[[^\]]*\] "#, with: "", options: .regularExpression)
        }
    }

    func children(_ h: ServerHarness, _ id: String) -> JSONValue? {
        h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == .string(id) }?["children"]
    }

    @Test func aTapOnATriggerPushesAndAnUnwindPopsBack() throws {
        let (h, directory) = try started()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 100, "y": 200]]) == ["view": "card"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["list", "detail"])
        #expect(h.notifications("scrim/transitionDidBegin").last?["kind"] == "push")
        #expect(logs(h) == ["should\tshowDetail\tcard", "prepare\tshowDetail\tdetail"])

        // The close button's tap unwinds to list, which declares backToList: the stack pops.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 340, "y": 60]]) == ["view": "detail.close"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["list"])
        #expect(h.notifications("scrim/transitionDidBegin").last?["kind"] == "pop")
    }

    @Test func performSegueMakesFreshInstancesAndAnswersTheDestination() throws {
        let (h, directory) = try started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = h.result("scrim/performSegue", ["viewController": "list", "identifier": "showDetail"])
        #expect(first["destination"] == "detail")
        #expect(first["transition"]?.intValue != nil)
        h.result("scrim/advance", ["seconds": 0.5])
        // A segue to its own declaration: a second instance, its views suffixed too.
        let second = h.result("scrim/performSegue", ["viewController": "detail", "identifier": "more"])
        #expect(second["destination"] == "detail#2")
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["list", "detail", "detail#2"])
        // Its close button is `detail.close#2`: a tap there unwinds from detail#2 to list.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 340, "y": 60]]) == ["view": "detail.close#2"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["list"])
        // Code does not ask shouldPerformSegue.
        #expect(logs(h) == ["prepare\tshowDetail\tdetail"])
    }

    @Test func aPopoverSegueFromItsTriggerAndTheRefusals() throws {
        let (h, directory) = try started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let popover = h.result("scrim/performSegue", ["viewController": "list", "identifier": "showAbout", "sender": "info"])
        #expect(popover["destination"] == "about")
        h.result("scrim/advance", ["seconds": 1])
        let about = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "about" }
        #expect(about?["presentingViewController"] == "nav")
        #expect(about?["modalPresentationStyle"] == "popover")

        let unknown = h.request("scrim/performSegue", ["viewController": "list", "identifier": "nope"])
        #expect(unknown.errorCode == 1009)
        #expect(unknown.errorMessage == "view controller 'list' has no segue 'nope' (declared: showDetail, showAbout)")
        #expect(h.request("scrim/performSegue", ["viewController": "ghost", "identifier": "x"]).errorCode == 1001)
        let badSender = h.request("scrim/performSegue", ["viewController": "list", "identifier": "showDetail", "sender": "nothing"])
        #expect(badSender.errorCode == -32602)
        #expect(badSender.errorMessage == "params.sender: no view 'nothing' in the window")
    }

    /// Replaces one field of the scene's `list` declaration.
    static func scene(withList change: (inout JSONObject) -> Void) -> JSONValue {
        var scene = Self.scene.objectValue!
        var controllers = scene["viewControllers"]!.arrayValue!
        var list = controllers[1].objectValue!
        change(&list)
        controllers[1] = .object(list)
        scene["viewControllers"] = .array(controllers)
        return .object(scene)
    }

    @Test func aSceneWhoseSeguesNameWhatDoesNotExistIsRefusedWhole() throws {
        let (h, directory) = try started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = h.result("scrim/snapshot")
        let cases: [(JSONValue, String)] = [
            (Self.scene { $0["segues"] = [["identifier": "a", "kind": "show", "destination": "nowhere"]] },
             "params.scene.viewControllers[1].segues[0].destination: no view controller has the id 'nowhere' (declared: nav, list, detail, about)"),
            (Self.scene { $0["segues"] = [["identifier": "a", "kind": "show", "destination": "detail", "trigger": "detail.close"]] },
             "params.scene.viewControllers[1].segues[0].trigger: 'list' has no view 'detail.close' (its views: card, info, list)"),
            (Self.scene { $0["segues"] = [["identifier": "a", "kind": "custom", "destination": "detail", "segueClass": "zoom"]] },
             "params.scene.viewControllers[1].segues[0].segueClass: no segue plugin named 'zoom' (segue plugins: none)"),
            (Self.scene { $0["segues"] = [["identifier": "a", "kind": "unwind", "destination": "detail", "action": "x"]] },
             "params.scene.viewControllers[1].segues[0].destination: an unwind segue has no destination: it finds the view controller that handles its action"),
            (Self.scene { $0["segues"] = [["identifier": "a", "destination": "detail"], ["identifier": "a", "destination": "about"]] },
             "params.scene.viewControllers[1].segues[1].identifier: 'a' is used twice by 'list'"),
            (Self.scene { $0["controller"] = "nobody" },
             "params.scene.viewControllers[1].controller: no controller named 'nobody'; known: listController"),
            (Self.scene { $0["segues"] = [["identifier": "a", "kind": "slide", "destination": "detail"]] },
             #"params.scene.viewControllers[1].segues[0].kind: expected one of "show", "showDetail", "present", "popover", "custom", "unwind", got "slide""#),
        ]
        for (scene, message) in cases {
            let refused = h.request("scrim/loadScene", ["scene": scene])
            #expect(refused.errorCode == 1005)
            #expect(refused.errorMessage == message)
        }
        #expect(h.result("scrim/snapshot") == before)
    }

    @Test func theDemoIsAStoryboard() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        // A tap on the second card pushes the details; the close button unwinds to the list.
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 200, "y": 400]]) == ["view": "card2"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["home", "details"])
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 350, "y": 70]]) == ["view": "details.close"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(children(h, "nav") == ["home"])
        #expect(h.notifications("scrim/transitionDidBegin").map(\.["kind"]) == ["push", "pop"])
        // The info button shows the about popover (full screen: the window is compact).
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 350, "y": 80]]) == ["view": "home.info"])
        h.result("scrim/advance", ["seconds": 1])
        let about = h.result("scrim/snapshot")["viewControllers"]?.arrayValue?.first { $0["id"] == "about" }
        #expect(about?["presentingViewController"] == "nav")
        #expect(about?["isViewInWindow"] == true)
        #expect(h.notifications("textDocument/publishDiagnostics").allSatisfy { ($0["diagnostics"]?.arrayValue ?? []).isEmpty })
    }

    @Test func aTappedSegueThatCannotRunIsALogMessageAndChangesNothing() throws {
        let (h, directory) = try started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = Self.scene { $0["segues"] = [["identifier": "away", "kind": "unwind", "action": "nowhere", "trigger": "card"]] }
        h.result("scrim/loadScene", ["scene": scene])
        let before = h.result("scrim/snapshot")
        #expect(h.result("scrim/input", ["type": "tap", "location": ["x": 100, "y": 200]]) == ["view": "card"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(logs(h).last == "transition -: segue 'away': unwind segue 'away' from 'list' found no view controller that handles 'nowhere': nothing changed")
        #expect(h.result("scrim/snapshot")["viewControllers"] == before["viewControllers"])
        #expect(h.notifications("scrim/transitionDidBegin").isEmpty)
    }
}
