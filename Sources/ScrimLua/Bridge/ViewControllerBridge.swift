import CLua
import ScrimCore

/// View controllers as handles (SPEC §6.3): read-only fields, enumerations as UIKit case names.
@MainActor
enum ViewControllerBridge {
    static let typeName = "scrim.ViewController"
    static let fields = [
        "id", "title", "view", "modalPresentationStyle", "transitionCoordinator", "presentingViewController",
        "presentedViewController", "preferredContentSize",
    ]

    static func install(in runtime: LuaRuntime) {
        runtime.defineHandleType(typeName, index: { call in
            let viewController = try call.viewController(1, "view controller")
            let key = try call.string(2, "field")
            switch key {
            case "id": call.push(viewController.id)
            case "title": if let title = viewController.title { call.push(title) } else { call.pushNil() }
            case "view": call.pushView(viewController.view)
            case "modalPresentationStyle": call.push(viewController.modalPresentationStyle.rawValue)
            case "transitionCoordinator": call.pushCoordinator(viewController.transitionCoordinator)
            case "presentingViewController": call.pushViewController(viewController.presentingViewController)
            case "presentedViewController": call.pushViewController(viewController.presentedViewController)
            case "preferredContentSize": call.push(viewController.preferredContentSize)
            default:
                let suggestion = NameSuggestion.closest(to: key, in: fields)
                throw LuaCallError("unknown field '\(key)' on ViewController" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            return 1
        }, newIndex: { call in
            throw LuaCallError("view controllers are read-only in plugins (field '\(try call.string(2, "field"))')")
        })
    }
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
        if let viewController { runtime.pushHandle(viewController, typeName: ViewControllerBridge.typeName) } else { pushNil() }
    }
}
