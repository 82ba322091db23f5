import Foundation
import Testing
@testable import ScrimServer
import ScrimJSON

/// Scenes whose containment cannot be built — cycles, a child with two parents, the root as a
/// child — are refused whole with 1005 naming the field, and the scene already loaded stays.
@MainActor @Suite struct ContainerSceneValidationTests {
    static func scene(root: String, _ controllers: [JSONValue]) -> JSONValue {
        ["window": ["width": 390, "height": 844], "root": .string(root), "viewControllers": .array(controllers)]
    }

    static func controller(_ id: String, _ kind: String = "plain", children: [String] = []) -> JSONValue {
        ["id": .string(id), "kind": .string(kind), "view": ContainerMethodTests.view(), "children": .array(children.map { .string($0) })]
    }

    @Test func containersNestedInACycleAreRefusedAndTheLoadedSceneStays() throws {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": ContainerMethodTests.scene])
        let before = h.result("scrim/snapshot")

        // `a` and `b` hold each other, under no root: a cycle the root never reaches.
        let cycle = h.request("scrim/loadScene", ["scene": Self.scene(root: "home", [
            Self.controller("home"),
            Self.controller("a", "tabBar", children: ["b"]),
            Self.controller("b", "navigation", children: ["a"]),
        ])])
        #expect(cycle.errorCode == 1005)
        #expect(cycle.errorMessage == "params.scene.viewControllers: containment of 'a' forms a cycle")

        let twoParents = h.request("scrim/loadScene", ["scene": Self.scene(root: "tabs", [
            Self.controller("tabs", "tabBar", children: ["nav", "list"]),
            Self.controller("nav", "navigation", children: ["list"]),
            Self.controller("list"),
        ])])
        #expect(twoParents.errorCode == 1005)
        #expect(twoParents.errorMessage == "params.scene.viewControllers[1].children: 'list' is already a child of 'tabs'")

        let rootAsChild = h.request("scrim/loadScene", ["scene": Self.scene(root: "nav", [
            Self.controller("nav", "navigation", children: ["nav"]),
        ])])
        #expect(rootAsChild.errorCode == 1005)
        #expect(rootAsChild.errorMessage == "params.scene.viewControllers[0].children: the root 'nav' cannot be a child")

        let missing = h.request("scrim/loadScene", ["scene": Self.scene(root: "nav", [
            Self.controller("nav", "navigation", children: ["list"]),
        ])])
        #expect(missing.errorCode == 1005)
        #expect(missing.errorMessage == "params.scene.viewControllers[0].children: no view controller has the id 'list'")

        #expect(h.result("scrim/snapshot") == before)
    }
}
