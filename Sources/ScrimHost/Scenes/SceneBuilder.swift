import ScrimCore

/// Makes the view controllers and views of a checked scene: each view controller gets its view
/// tree, and a child's view is added to its parent's view at the child view's frame, as a
/// container view controller would (SPEC §7.6).
@MainActor
enum SceneBuilder {
    static func build(_ scene: SceneDescription) -> BuiltScene {
        var controllers: [String: ViewController] = [:]
        for description in scene.viewControllers {
            let controller = ViewController(id: description.id, title: description.title)
            controller.view = makeView(description.view, id: description.view.id ?? description.id)
            controller.definesPresentationContext = description.definesPresentationContext
            controller.providesPresentationContextTransitionStyle = description.providesPresentationContextTransitionStyle
            if let style = description.modalPresentationStyle { controller.modalPresentationStyle = style }
            if let style = description.modalTransitionStyle { controller.modalTransitionStyle = style }
            if let size = description.preferredContentSize { controller.preferredContentSize = size }
            controllers[description.id] = controller
        }
        for description in scene.viewControllers {
            let parent = controllers[description.id]!
            for childID in description.children {
                let child = controllers[childID]!
                parent.addChild(child)
                parent.view.addSubview(child.view)
                child.didMove(toParent: parent)
            }
        }
        return BuiltScene(root: controllers[scene.root]!, viewControllers: controllers, order: scene.viewControllers.map(\.id))
    }

    private static func makeView(_ description: SceneDescription.ViewDescription, id: String?) -> View {
        let view = View(id: id, frame: description.frame)
        view.name = description.name
        if let color = description.backgroundColor { view.backgroundColor = color }
        if let alpha = description.alpha { view.alpha = alpha }
        if let radius = description.cornerRadius { view.cornerRadius = radius }
        if let transform = description.transform { view.transform = transform }
        for subview in description.subviews { view.addSubview(makeView(subview, id: subview.id)) }
        return view
    }
}
