import CLua
import ScrimCore

/// View controllers as handles (SPEC §6.3): read-only fields, enumerations as UIKit case names.
@MainActor
enum ViewControllerBridge {
    static let typeName = "scrim.ViewController"

    static let table = BridgedType<ViewController>(
        typeName: typeName, displayName: "ViewController", handleName: "view controller",
        object: { call, index, name in try call.viewController(index, name) },
        assignment: .refused(reason: "view controllers are read-only in plugins"),
        fields: [
            BridgeField("id", "its identifier", get: { call, viewController in call.push(viewController.id) }),
            BridgeField(
                "title", "a title for people, or nil",
                get: { call, viewController in
                    if let title = viewController.title { call.push(title) } else { call.pushNil() }
                }),
            BridgeField("view", "its root view", get: { call, viewController in call.pushView(viewController.view) }),
            BridgeField(
                "modalPresentationStyle", "the UIKit case name",
                get: { call, viewController in call.push(viewController.modalPresentationStyle.rawValue) }),
            BridgeField(
                "transitionCoordinator", "while a transition involving it runs, else nil",
                get: { call, viewController in call.pushCoordinator(viewController.transitionCoordinator) }),
            BridgeField(
                "presentingViewController", "the one that presented it, or nil",
                get: { call, viewController in call.pushViewController(viewController.presentingViewController) }),
            BridgeField(
                "presentedViewController", "the one it presents, or nil",
                get: { call, viewController in call.pushViewController(viewController.presentedViewController) }),
            BridgeField(
                "preferredContentSize", "the size it would like when presented",
                get: { call, viewController in call.push(viewController.preferredContentSize) }),
            BridgeField(
                "parent", "the container it is a child of, or nil",
                get: { call, viewController in call.pushViewController(viewController.parent) }),
            BridgeField(
                "children", "its child view controllers (an array copy)",
                get: { call, viewController in call.pushViewControllers(viewController.children) }),
            BridgeField(
                "navigationController", "the nearest navigation controller it is in, or nil",
                get: { call, viewController in call.pushViewController(viewController.navigationController) }),
            BridgeField(
                "tabBarController", "the nearest tab bar controller it is in, or nil",
                get: { call, viewController in call.pushViewController(viewController.tabBarController) }),
            BridgeField(
                "splitViewController", "the nearest split view controller it is in, or nil",
                get: { call, viewController in call.pushViewController(viewController.splitViewController) }),
        ])

    static func install(in runtime: LuaRuntime) { table.install(in: runtime) }
}

extension LuaCall {
    func viewController(_ index: Int32, _ name: String) throws -> ViewController {
        switch runtime.handle(at: index, typeName: ViewControllerBridge.typeName, in: L) {
        case .alive(let object): return object as! ViewController
        case .gone: throw LuaCallError("\(name): the view controller is gone")
        case .notAHandle: throw expected("a view controller", name, index)
        }
    }

    func pushViewController(_ viewController: ViewController?) {
        if let viewController { pushHandle(viewController, typeName: ViewControllerBridge.typeName) } else { pushNil() }
    }

    /// An array of view controller handles (a look-up, and a userdata the first time, each:
    /// charged as a walk, as a view's `subviews`).
    func pushViewControllers(_ viewControllers: [ViewController]) {
        charge(viewControllers.count * ViewBridge.viewWalkCost)
        lua_createtable(L, Int32(viewControllers.count), 0)
        for (index, viewController) in viewControllers.enumerated() {
            pushViewController(viewController)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
    }
}
