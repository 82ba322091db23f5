import ScrimCore

extension SceneDescription {
    /// A view controller's `popover: { sourceView, sourceRect?, permittedArrowDirections? }`: how
    /// it is anchored when it is presented as a popover (its declared style, or `scrim/present`'s).
    package struct PopoverDescription: Sendable, Hashable {
        /// The id of a view of the scene.
        package var sourceView: String
        /// In the source view's coordinates; nil: its bounds.
        package var sourceRect: Rect?
        /// Nil: any.
        package var permittedArrowDirections: PopoverArrowDirection?
    }

    /// `popover`, if the declaration has one.
    static func popover(_ params: OptionReader) throws(SceneError) -> PopoverDescription? {
        guard params.contains("popover") else { return nil }
        let popover = try params.nested("popover")
        let sourceView = try popover.string("sourceView")
        let sourceRect = popover.contains("sourceRect") ? try popover.rect("sourceRect") : nil
        var permitted: PopoverArrowDirection?
        if let names = try popover.optionalStrings("permittedArrowDirections") {
            guard !names.isEmpty else {
                throw SceneError(popover.field("permittedArrowDirections"), "name at least one of \"up\", \"down\", \"left\", \"right\"")
            }
            var directions: PopoverArrowDirection = []
            for (index, name) in names.enumerated() {
                guard let direction = PopoverArrowDirection(name: name) else {
                    throw SceneError(
                        "\(popover.field("permittedArrowDirections"))[\(index)]",
                        "expected one of \"up\", \"down\", \"left\", \"right\", got \"\(name)\"")
                }
                directions.insert(direction)
            }
            permitted = directions
        }
        return PopoverDescription(sourceView: sourceView, sourceRect: sourceRect, permittedArrowDirections: permitted)
    }

    /// Every popover's `sourceView` names a view of the scene (`viewIDs`: the ids of its views).
    func validatePopovers(viewIDs: Set<String>, path: String) throws(SceneError) {
        for (position, controller) in viewControllers.enumerated() {
            guard let popover = controller.popover, !viewIDs.contains(popover.sourceView) else { continue }
            throw SceneError(
                "\(path).viewControllers[\(position)].popover.sourceView",
                "no view of the scene has the id '\(popover.sourceView)'")
        }
    }
}

extension SceneBuilder {
    /// Anchors each declared popover at its source view, found among `views` by id (the
    /// controller's popover presentation controller is made even when its style is not popover yet,
    /// so that `scrim/present` with `modalPresentationStyle: "popover"` finds it anchored).
    static func applyPopovers(
        _ descriptions: [SceneDescription.ViewControllerDescription], to controllers: [String: ViewController],
        findView: (String) -> View?
    ) {
        for description in descriptions {
            guard let popover = description.popover, let controller = controllers[description.id],
                let sourceView = findView(popover.sourceView)
            else { continue }
            let presentation = controller.makePopoverPresentationController()
            presentation.sourceView = sourceView
            if let rect = popover.sourceRect { presentation.sourceRect = rect }
            if let permitted = popover.permittedArrowDirections { presentation.permittedArrowDirections = permitted }
        }
    }
}
