import CLua
import ScrimCore

/// View controllers as handles (Docs/LuaAPI.md, "View controllers"): read-only fields,
/// enumerations as UIKit case names.
@MainActor
enum ViewControllerBridge {
    static let table: BridgedType<ViewController> = BridgedType(
        HandleKind(
            typeName: "scrim.ViewController", expected: "a view controller", gone: "the view controller is gone"),
        handleName: "view controller",
        assignment: .refused(reason: "view controllers are read-only in plugins"),
        fields: [
            BridgeField("id", "its identifier", \.id),
            BridgeField("title", "a title for people, or nil", \.title),
            BridgeField("view", "its root view", \.view),
            BridgeField("modalPresentationStyle", "the UIKit case name", \.modalPresentationStyle),
            BridgeField("transitionCoordinator", "while a transition involving it runs, else nil", \.transitionCoordinator),
            BridgeField(
                "presentingViewController", "the one that presented it (or its nearest presented ancestor), or nil",
                \.presentingViewController),
            BridgeField(
                "presentedViewController", "the one it presents (or its nearest presenting ancestor presents), or nil",
                \.presentedViewController),
            BridgeField("preferredContentSize", "the size it would like when presented", \.preferredContentSize),
            BridgeField("parent", "the container it is a child of, or nil", \.parent),
            BridgeField("children", "its child view controllers (an array copy)", \.children),
            BridgeField("navigationController", "the nearest navigation controller it is in, or nil", \.navigationController),
            BridgeField("tabBarController", "the nearest tab bar controller it is in, or nil", \.tabBarController),
            BridgeField("splitViewController", "the nearest split view controller it is in, or nil", \.splitViewController),
            BridgeField(
                "viewControllers", "a navigation controller's stack (bottom first) or a tab bar controller's tabs, else nil",
                get: { call, viewController in
                    switch viewController {
                    case let navigation as NavigationController: navigation.viewControllers.push(to: call)
                    case let tabs as TabBarController: tabs.viewControllers.push(to: call)
                    default: call.pushNil()
                    }
                }),
            BridgeField(
                "topViewController", "a navigation controller's top view controller, else nil",
                \.asNavigationController?.topViewController),
            BridgeField(
                "interactivePopGestureRecognizer", "a navigation controller's edge-swipe pan recognizer, else nil",
                \.asNavigationController?.interactivePopGestureRecognizer),
            BridgeField(
                "popoverPresentationController", "its popover controller when its style is popover, else nil",
                \.popoverPresentationController),
            BridgeField(
                "selectedIndex", "a tab bar controller's selected tab, 1-based, else nil",
                get: { call, viewController in
                    if let tabs = viewController as? TabBarController { call.push(tabs.selectedIndex + 1) } else { call.pushNil() }
                }),
        ],
        methods: [
            transition("present", "present(other, animated [, completion]): presents other, on the next tick", completion: 4) {
                call, viewController in
                let other = try call.viewController(2, "present: other")
                let animated = call.bool(3)
                return { completion throws(TransitionError) in
                    try viewController.present(other, animated: animated, completion: completion)
                }
            },
            transition("dismiss", "dismiss(animated [, completion]): dismisses what it presents, or itself", completion: 3) {
                call, viewController in
                let animated = call.bool(2)
                return { completion throws(TransitionError) in try viewController.dismiss(animated: animated, completion: completion) }
            },
            transition("show", "show(other): pushes it on the nearest navigation controller, else presents it") { call, viewController in
                let other = try call.viewController(2, "show: other")
                return { completion throws(TransitionError) in
                    try viewController.show(other, sender: viewController, completion: completion)
                }
            },
            transition("showDetail", "showDetail(other): replaces a split view controller's secondary, else shows it") {
                call, viewController in
                let other = try call.viewController(2, "showDetail: other")
                return { completion throws(TransitionError) in
                    try viewController.showDetailViewController(other, sender: viewController, completion: completion)
                }
            },
            transition(
                "performSegue", "performSegue(identifier [, sender]): runs a declared segue (a new destination), on the next tick"
            ) { call, viewController in
                let identifier = try call.string(2, "performSegue: identifier")
                let sender: AnyObject? = call.isNil(3) ? nil : try call.view(3, "performSegue: sender")
                return { completion throws(TransitionError) in
                    _ = try viewController.performSegue(withIdentifier: identifier, sender: sender, completion: completion)
                }
            },
            navigationTransition("push", "push(vc, animated): a navigation controller pushes vc, on the next tick") { call, navigation in
                let pushed = try call.viewController(2, "push: viewController")
                let animated = call.bool(3)
                return { completion throws(TransitionError) in
                    try navigation.pushViewController(pushed, animated: animated, completion: completion)
                }
            },
            navigationTransition("pop", "pop(animated): a navigation controller pops its top view controller") { call, navigation in
                let animated = call.bool(2)
                return { completion throws(TransitionError) in
                    _ = try navigation.popViewController(animated: animated, completion: completion)
                }
            },
            navigationTransition("popTo", "popTo(vc, animated): a navigation controller pops down to vc") { call, navigation in
                let target = try call.viewController(2, "popTo: viewController")
                let animated = call.bool(3)
                return { completion throws(TransitionError) in
                    _ = try navigation.popToViewController(target, animated: animated, completion: completion)
                }
            },
            navigationTransition("popToRoot", "popToRoot(animated): a navigation controller pops down to its root") { call, navigation in
                let animated = call.bool(2)
                return { completion throws(TransitionError) in
                    _ = try navigation.popToRootViewController(animated: animated, completion: completion)
                }
            },
            BridgeMethod(
                "selectTab",
                "selectTab(i [, completion]): a tab bar controller selects tab i (1-based) as a user's tap; whether it was accepted"
            ) { call, viewController in
                guard let tabs = viewController as? TabBarController else {
                    throw LuaCallError("selectTab: '\(viewController.id)' is not a tab bar controller")
                }
                let index = try call.integer(2, "selectTab: index")
                guard tabs.viewControllers.indices.contains(index - 1) else {
                    let tabCount = tabs.viewControllers.count
                    throw LuaCallError(
                        "selectTab: tab bar controller '\(tabs.id)' has no tab \(index): "
                            + (tabCount == 0 ? "it has no tabs" : "its tabs are 1…\(tabCount)"))
                }
                var accepted = false
                try perform("selectTab", call, completion: 3) { completion throws(TransitionError) in
                    accepted = try tabs.selectTab(at: index - 1, completion: completion)
                }
                call.push(accepted)
                return 1
            },
        ])

    /// A transition request that takes effect on the next tick, made with the completion handler
    /// (nil: none); a refusal is raised as the method's error.
    private typealias Request = (_ completion: ((Bool) -> Void)?) throws(TransitionError) -> Void

    /// A method that reads its arguments and queues a transition, with the Lua function at
    /// `completion` (if any) as its completion handler (see `perform`).
    private static func transition(
        _ name: String, _ doc: String, completion: Int32? = nil,
        _ request: @escaping @MainActor (LuaCall, ViewController) throws -> Request
    ) -> BridgeMethod<ViewController> {
        BridgeMethod(name, doc) { call, viewController in
            try perform(name, call, completion: completion, try request(call, viewController))
            return 0
        }
    }

    /// A `transition` method of navigation controllers: on any other view controller, the error
    /// naming the method.
    private static func navigationTransition(
        _ name: String, _ doc: String, _ request: @escaping @MainActor (LuaCall, NavigationController) throws -> Request
    ) -> BridgeMethod<ViewController> {
        transition(name, doc) { call, viewController in
            guard let navigation = viewController as? NavigationController else {
                throw LuaCallError("\(name): '\(viewController.id)' is not a navigation controller")
            }
            return try request(call, navigation)
        }
    }

    /// Runs a request that takes effect on the next tick, with the Lua function at `completion`
    /// (if any) as its completion handler; a refusal is raised as the method's error.
    private static func perform(
        _ method: String, _ call: LuaCall, completion index: Int32?, _ request: Request
    ) throws {
        let function = try index.flatMap { index in try call.optionalFunction(index, "\(method): completion") }
        let completion: ((Bool) -> Void)? = function.map { call.runtime.callback($0, context: "\(method) completion") }
        do {
            try request(completion)
        } catch {
            throw LuaCallError("\(method): \(error)")
        }
    }
}

extension LuaCall {
    func viewController(_ index: Int32, _ name: String) throws -> ViewController {
        try object(ViewControllerBridge.table.handle, at: index, name)
    }

    func pushViewController(_ viewController: ViewController?) {
        push(viewController, as: ViewControllerBridge.table.handle)
    }
}

extension ViewController {
    /// Itself as a navigation controller, or nil: the path of a navigation controller's fields.
    fileprivate var asNavigationController: NavigationController? { self as? NavigationController }
}
