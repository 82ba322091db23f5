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
}
