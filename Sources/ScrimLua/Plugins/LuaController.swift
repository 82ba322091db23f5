import ScrimCore

/// A view controller's behaviour played by a plugin (the controller role, Docs/LuaAPI.md,
/// "Segue and controller plugins"): its methods are called with `self` and the view controller
/// first — `viewDidLoad(vc)`, `viewWillAppear(vc, animated)`, …,
/// `viewWillTransitionToSize(vc, size, coordinator)`, `shouldPerformSegue(vc, identifier, sender)`,
/// `prepareForSegue(vc, segue, sender)`, `canPerformUnwindSegueAction(vc, action, from, sender)`
/// and `unwindActions.name(self, vc, segue)`. A method that fails is a diagnostic on the plugin;
/// a failing `shouldPerformSegue` or `canPerformUnwindSegueAction` answers false, a failing
/// `prepareForSegue` or unwind action stops the segue.
@MainActor
final class LuaController: ViewControllerScript, NamedTransitionRole, LuaRoleHost {
    /// Moves to each new version of the plugin: the view controller's behaviour is the newest's.
    private let live: LivePluginInstance
    private var instance: PluginInstance { live.current }
    var roleName: String { instance.plugin.name }

    init(library: PluginLibrary, plugin: Plugin, options: RoleOptions) throws {
        live = try LivePluginInstance(of: plugin, in: library, role: .viewController, options: options, host: nil)
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 { 0 }

    func viewControllerCallback(_ viewController: ViewController, _ callback: ViewControllerCallback, animated: Bool?) {
        _ = try? instance.perform(callback.rawValue) { call in
            call.pushViewController(viewController)
            guard let animated else { return 1 }
            call.push(animated)
            return 2
        }
    }

    func viewWillTransition(_ viewController: ViewController, to size: Size, with coordinator: TransitionCoordinator) {
        _ = try? instance.perform("viewWillTransitionToSize") { call in
            call.pushViewController(viewController)
            call.push(size)
            call.pushCoordinator(coordinator)
            return 3
        }
    }

    func shouldPerformSegue(_ viewController: ViewController, identifier: String, sender: AnyObject?) -> Bool? {
        answer("shouldPerformSegue") { call in
            call.pushViewController(viewController)
            call.push(identifier)
            call.pushView(sender as? View)
            return 3
        }
    }

    func prepare(_ viewController: ViewController, for segue: StoryboardSegue, sender: AnyObject?) throws {
        try instance.perform("prepareForSegue") { call in
            call.pushViewController(viewController)
            call.pushSegue(segue)
            call.pushView(sender as? View)
            return 3
        }
    }

    func canPerformUnwindSegueAction(
        _ viewController: ViewController, action: String, from fromViewController: ViewController, sender: AnyObject?
    ) -> Bool? {
        answer("canPerformUnwindSegueAction") { call in
            call.pushViewController(viewController)
            call.push(action)
            call.pushViewController(fromViewController)
            call.pushView(sender as? View)
            return 4
        }
    }

    /// The plugin's true or false from `method`: nil when it has no such method, false when the
    /// method fails.
    private func answer(_ method: String, arguments: (LuaCall) throws -> Int32) -> Bool? {
        do {
            return try instance.ask(method, arguments: arguments)
        } catch {
            return false
        }
    }

    func unwindAction(_ viewController: ViewController, named name: String) -> ((StoryboardSegue) throws -> Void)? {
        guard (try? instance.library.hasUnwindAction(instance.table, name)) == true else { return nil }
        return { [weak self, weak viewController] segue in
            guard let self, let viewController else { return }
            _ = try self.instance.library.invoke(
                self.instance.table, name, plugin: self.instance.plugin, role: self.instance.role, context: nil, results: 0, helper: "invokeAction",
                arguments: { call in
                    call.pushViewController(viewController)
                    call.pushSegue(segue)
                    return 2
                }, read: { _ in () })
        }
    }
}
