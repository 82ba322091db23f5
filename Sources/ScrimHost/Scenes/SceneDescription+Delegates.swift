import ScrimCore

extension SceneDescription {
    /// Makes the delegates the scene names (with `host`'s roles) and sets them on `built`: a plain
    /// view controller's `transitioningDelegate`, a navigation or tab bar controller's delegate (a
    /// delegate plugin that defines their methods directly, any other asked a push or tab switch
    /// as a presentation and a pop as a dismissal). Every delegate is made before any is set.
    ///
    /// - Throws: `SceneError` naming `viewControllers[i].delegate` when a role cannot be made (an
    ///   unknown plugin, a plugin that does not play the role, a failing `new`).
    @MainActor
    package func applyDelegates(to built: BuiltScene, using host: ScrimHost) throws(SceneError) {
        var made: [(ViewController, any TransitioningDelegate)] = []
        for (position, description) in viewControllers.enumerated() {
            guard let spec = description.delegate, let controller = built.viewControllers[description.id] else { continue }
            do {
                made.append((controller, try host.makeDelegate(spec)))
            } catch {
                throw SceneError("\(path).viewControllers[\(position)].delegate", "\(error)")
            }
        }
        for (controller, delegate) in made {
            switch controller {
            case let navigation as NavigationController: navigation.delegate = TransitioningNavigationDelegate.make(for: delegate)
            case let tabs as TabBarController: tabs.delegate = TransitioningNavigationDelegate.makeForTabs(for: delegate)
            default: controller.transitioningDelegate = delegate
            }
        }
    }
}
