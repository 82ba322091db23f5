import ScrimCore

/// Makes the view controllers and views of a checked scene: each view controller gets its view
/// tree, and a child's view is added to its parent's view at the child view's frame, as a
/// container view controller would (Docs/Protocol.md, "Scenes").
@MainActor
enum SceneBuilder {
    static func build(_ scene: SceneDescription) -> BuiltScene {
        var controllers: [String: ViewController] = [:]
        for description in scene.viewControllers {
            let controller = makeController(description)
            controller.view = makeView(description.view, id: description.view.id ?? description.id)
            apply(description, to: controller)
            controllers[description.id] = controller
        }
        for description in scene.viewControllers where !description.children.isEmpty {
            let parent = controllers[description.id]!
            parent.adoptContent(description.children.map { controllers[$0]! })
        }
        applyPopovers(scene.viewControllers, to: controllers) { id in
            scene.viewControllers.lazy.compactMap { controllers[$0.id]?.view.descendant(withID: id) }.first
        }
        return BuiltScene(root: controllers[scene.root]!, viewControllers: controllers, order: scene.viewControllers.map(\.id))
    }

    /// A new instance of the declared view controller `id` and of what it contains (its
    /// children, their views), every id with `suffix` (`#2`): a template shown again.
    static func instantiate(_ id: String, in scene: SceneDescription, suffix: String) -> ViewController {
        let declarations = Dictionary(uniqueKeysWithValues: scene.viewControllers.map { ($0.id, $0) })
        func make(_ id: String) -> ViewController {
            var description = declarations[id]!
            description.id += suffix
            let controller = makeController(description)
            controller.view = makeView(description.view, id: (description.view.id.map { $0 + suffix }) ?? description.id, suffix: suffix)
            apply(description, to: controller)
            if !description.children.isEmpty { controller.adoptContent(description.children.map(make)) }
            return controller
        }
        return make(id)
    }

    /// A view controller of the description's kind.
    private static func makeController(_ description: SceneDescription.ViewControllerDescription) -> ViewController {
        let controller: ViewController =
            switch description.kind {
            case .plain: ViewController(id: description.id)
            case .navigation: NavigationController(id: description.id)
            case .tabBar: TabBarController(id: description.id)
            case .split: SplitViewController(id: description.id)
            }
        controller.title = description.title
        return controller
    }

    /// The presentation properties of a declaration.
    private static func apply(_ description: SceneDescription.ViewControllerDescription, to controller: ViewController) {
        controller.definesPresentationContext = description.definesPresentationContext
        controller.providesPresentationContextTransitionStyle = description.providesPresentationContextTransitionStyle
        if let style = description.modalPresentationStyle { controller.modalPresentationStyle = style }
        if let style = description.modalTransitionStyle { controller.modalTransitionStyle = style }
        if let size = description.preferredContentSize { controller.preferredContentSize = size }
    }

    private static func makeView(_ description: SceneDescription.ViewDescription, id: String?, suffix: String = "") -> View {
        let view = description.content.makeView(id: id, frame: description.frame)
        view.name = description.name
        if let color = description.backgroundColor { view.backgroundColor = color }
        if let alpha = description.alpha { view.alpha = alpha }
        if let radius = description.cornerRadius { view.cornerRadius = radius }
        if let transform = description.transform { view.transform = transform }
        for subview in description.subviews { view.addSubview(makeView(subview, id: subview.id.map { $0 + suffix }, suffix: suffix)) }
        return view
    }
}
