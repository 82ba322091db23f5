import ScrimCore

extension SceneDescription {
    /// A `segues` entry: `{ identifier, destination, kind, trigger?, animated?, modalPresentationStyle?,
    /// modalTransitionStyle?, transitioningDelegate?, segueClass?, action? }` (an unwind segue has
    /// `action` and no `destination`).
    package struct SegueDescription: Sendable, Hashable {
        package var identifier: String
        package var kind: SegueKind
        package var destination: String?
        package var trigger: String?
        package var animated: Bool
        package var modalPresentationStyle: ModalPresentationStyle?
        package var modalTransitionStyle: ModalTransitionStyle?
        package var transitioningDelegate: DelegateSpec?
        package var segueClass: String?
        package var action: String?
    }

    /// A `controller`: a controller plugin's name, or `{ plugin, options? }`.
    package struct ControllerSpec: Sendable, Hashable {
        package var plugin: String
        package var options: [String: OptionValue]
    }

    /// Decodes `segues`, `unwindActions` and `controller`.
    static func decodeStoryboardFields(_ params: OptionReader, into description: inout ViewControllerDescription) throws(SceneError) {
        if params.contains("segues") {
            description.segues = try params.objects("segues").map { (segue) throws(SceneError) in try Self.segue(segue) }
        }
        description.unwindActions = try params.optionalStrings("unwindActions") ?? []
        if let value = params.value("controller") {
            if case .string(let name) = value {
                description.controller = ControllerSpec(plugin: name, options: [:])
            } else if value.members != nil {
                let spec = try params.nested("controller")
                description.controller = ControllerSpec(
                    plugin: try spec.string("plugin"), options: spec.contains("options") ? try spec.options("options") : [:])
            } else {
                throw SceneError(params.field("controller"), "expected a plugin name or { plugin, options? }, got \(value.typeNameWithArticle)")
            }
        }
    }

    private static func segue(_ params: OptionReader) throws(SceneError) -> SegueDescription {
        let identifier = try params.string("identifier")
        guard !identifier.isEmpty else { throw SceneError(params.field("identifier"), "must not be empty") }
        let kind = try params.optionalCase("kind", SegueKind.self) ?? .show
        let segue = SegueDescription(
            identifier: identifier, kind: kind, destination: try params.optionalString("destination"),
            trigger: try params.optionalString("trigger"), animated: try params.optionalBool("animated") ?? true,
            modalPresentationStyle: try params.optionalCase("modalPresentationStyle", ModalPresentationStyle.self),
            modalTransitionStyle: try params.optionalCase("modalTransitionStyle", ModalTransitionStyle.self),
            transitioningDelegate: try DelegateSpec.read("transitioningDelegate", from: params),
            segueClass: try params.optionalString("segueClass"), action: try params.optionalString("action"))
        switch kind {
        case .unwind:
            guard segue.action != nil else { throw SceneError(params.field("action"), "an unwind segue needs the action it unwinds to") }
            guard segue.destination == nil else {
                throw SceneError(params.field("destination"), "an unwind segue has no destination: it finds the view controller that handles its action")
            }
        case .custom:
            guard segue.segueClass != nil else { throw SceneError(params.field("segueClass"), "a custom segue needs a segue class") }
            guard segue.destination != nil else { throw SceneError(params.field("destination"), "missing; expected a declared view controller id") }
        default:
            guard segue.destination != nil else { throw SceneError(params.field("destination"), "missing; expected a declared view controller id") }
        }
        return segue
    }

    /// Every segue's destination is declared, its trigger is a view of its source's, and a view
    /// controller's segue identifiers are unique.
    func validateSegues(path: String) throws(SceneError) {
        let declared = viewControllers.map(\.id)
        for (position, controller) in viewControllers.enumerated() {
            let field = "\(path).viewControllers[\(position)]"
            var views: Set<String> = []
            func collect(_ view: ViewDescription, defaultID: String?) {
                if let id = view.id ?? defaultID { views.insert(id) }
                for subview in view.subviews { collect(subview, defaultID: nil) }
            }
            collect(controller.view, defaultID: controller.id)
            var identifiers: Set<String> = []
            for (index, segue) in controller.segues.enumerated() {
                let segueField = "\(field).segues[\(index)]"
                guard identifiers.insert(segue.identifier).inserted else {
                    throw SceneError("\(segueField).identifier", "'\(segue.identifier)' is used twice by '\(controller.id)'")
                }
                if let destination = segue.destination, !declared.contains(destination) {
                    throw SceneError(
                        "\(segueField).destination",
                        "no view controller has the id '\(destination)' (declared: \(declared.joined(separator: ", ")))")
                }
                if let trigger = segue.trigger, !views.contains(trigger) {
                    throw SceneError(
                        "\(segueField).trigger", "'\(controller.id)' has no view '\(trigger)' (its views: \(views.sorted().joined(separator: ", ")))")
                }
            }
        }
    }
}
