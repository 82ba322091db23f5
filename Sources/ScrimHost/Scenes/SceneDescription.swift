import ScrimCore
package import ScrimJSON

/// A scene (Docs/Protocol.md, "Scenes"), decoded and checked: the window, the root view controller
/// and every view controller with its view tree. Decoding checks everything — field types, unique
/// ids, children that exist and have one parent, no cycles, the size and depth limits — so that
/// building never fails half-way.
package struct SceneDescription: Sendable, Hashable {
    /// The most view controllers a scene may have, declared and instances made at run time: above
    /// the 10 000 children a benchmark adds to one view controller, with room for its containers.
    package static let maximumViewControllers = 16_384

    /// `ViewSpec`: a view and its subviews.
    package struct ViewDescription: Sendable, Hashable {
        package var id: String?
        package var name: String?
        package var frame: Rect
        package var backgroundColor: Color?
        package var alpha: Double?
        package var cornerRadius: Double?
        package var transform: ScrimCore.AffineTransform?
        /// Its `kind` and what that kind draws.
        package var content: SceneViewContent
        package var subviews: [ViewDescription]
    }

    /// What a view controller is: a plain one, or a container whose `children` are its content.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A child's view is added to the parent's view at the child view's frame.
        case plain
        /// The children are the stack, bottom first.
        case navigation
        /// The children are the tabs; the first is selected.
        case tabBar
        /// The children are `[primary, secondary]`.
        case split
    }

    package struct ViewControllerDescription: Sendable, Hashable {
        package var id: String
        package var kind: Kind
        package var title: String?
        package var view: ViewDescription
        package var children: [String]
        package var definesPresentationContext: Bool
        package var providesPresentationContextTransitionStyle: Bool
        package var modalPresentationStyle: ModalPresentationStyle?
        package var modalTransitionStyle: ModalTransitionStyle?
        package var preferredContentSize: Size?
        /// The `transitioningDelegate`, or for a container its navigation or tab delegate.
        package var delegate: DelegateSpec?
        /// The segues whose source it is.
        package var segues: [SegueDescription] = []
        /// The unwind actions it handles.
        package var unwindActions: [String] = []
        /// The controller plugin that gives it behaviour.
        package var controller: ControllerSpec?
        /// Its anchor when presented as a popover.
        package var popover: PopoverDescription? = nil
    }

    package var windowSize: Size
    package var horizontalSizeClass: UserInterfaceSizeClass?
    package var root: String
    package var viewControllers: [ViewControllerDescription]
    /// Where the scene came from, for messages: `params.scene`, `scene.json`.
    package var path: String

    /// Decodes `scene`; every problem is an error naming the field.
    package init(_ scene: OptionReader) throws(SceneError) {
        path = scene.path
        let window = try scene.nested("window")
        windowSize = Size(width: try window.number("width", in: 1...100_000), height: try window.number("height", in: 1...100_000))
        horizontalSizeClass = try window.optionalCase("horizontalSizeClass", UserInterfaceSizeClass.self)
        root = try scene.string("root")
        let declarations = try scene.objects("viewControllers")
        guard declarations.count <= Self.maximumViewControllers else {
            throw SceneError(
                scene.field("viewControllers"),
                "the scene has more than \(Self.maximumViewControllers) view controllers (\(declarations.count))")
        }
        viewControllers = try declarations.map { (params) throws(SceneError) in try Self.viewController(params) }
        try validate(path: scene.path)
    }

    /// Decodes a scene sent as JSON (`scrim/loadScene`'s `scene` object) at `path`.
    package init(json: JSONValue, path: String) throws(SceneError) {
        try self.init(OptionReader(json: json, path: path))
    }

    private static func viewController(_ params: OptionReader) throws(SceneError) -> ViewControllerDescription {
        let id = try params.string("id")
        guard !id.isEmpty else { throw SceneError(params.field("id"), "must not be empty") }
        var description = ViewControllerDescription(
            id: id, kind: try params.optionalCase("kind", Kind.self) ?? .plain, title: try params.optionalString("title"),
            view: try view(try params.nested("view")),
            children: try params.optionalStrings("children") ?? [],
            definesPresentationContext: try params.optionalBool("definesPresentationContext") ?? false,
            providesPresentationContextTransitionStyle: try params.optionalBool("providesPresentationContextTransitionStyle") ?? false,
            modalPresentationStyle: try params.optionalCase("modalPresentationStyle", ModalPresentationStyle.self),
            modalTransitionStyle: try params.optionalCase("modalTransitionStyle", ModalTransitionStyle.self),
            preferredContentSize: params.contains("preferredContentSize") ? try params.size("preferredContentSize") : nil,
            delegate: try DelegateSpec.read("delegate", from: params), popover: try popover(params))
        try decodeStoryboardFields(params, into: &description)
        return description
    }

    private static func view(_ params: OptionReader, depth: Int = 0) throws(SceneError) -> ViewDescription {
        guard depth < 64 else { throw SceneError(params.path, "views nest deeper than 64 levels") }
        let subviews = params.contains("subviews")
            ? try params.objects("subviews").map { (child) throws(SceneError) in try view(child, depth: depth + 1) }
            : []
        return ViewDescription(
            id: try params.optionalString("id"), name: try params.optionalString("name"), frame: try params.rect("frame"),
            backgroundColor: params.contains("backgroundColor") ? try params.color("backgroundColor") : nil,
            alpha: try params.optionalNumber("alpha", in: 0...1),
            cornerRadius: try params.optionalNumber("cornerRadius", in: 0...1e7),
            transform: params.contains("transform") ? try params.transform("transform") : nil,
            content: try SceneViewContent.read(params), subviews: subviews)
    }

    /// Ids are unique, the root and every child exist, a child has one parent, the root is no
    /// one's child, and containment has no cycle.
    private func validate(path: String) throws(SceneError) {
        func invalid(_ message: String) -> SceneError { SceneError(message: "\(path).\(message)") }
        var index: [String: Int] = [:]
        for (position, controller) in viewControllers.enumerated() {
            guard index.updateValue(position, forKey: controller.id) == nil else {
                throw invalid("viewControllers[\(position)].id: '\(controller.id)' is used twice")
            }
        }
        guard index[root] != nil else { throw invalid("root: no view controller has the id '\(root)'") }
        var parent: [String: String] = [:]
        for (position, controller) in viewControllers.enumerated() {
            for child in controller.children {
                guard index[child] != nil else {
                    throw invalid("viewControllers[\(position)].children: no view controller has the id '\(child)'")
                }
                guard child != root else { throw invalid("viewControllers[\(position)].children: the root '\(root)' cannot be a child") }
                if let other = parent.updateValue(controller.id, forKey: child) {
                    throw invalid("viewControllers[\(position)].children: '\(child)' is already a child of '\(other)'")
                }
            }
        }
        for (position, controller) in viewControllers.enumerated() {
            switch controller.kind {
            case .split where controller.delegate != nil:
                throw invalid("viewControllers[\(position)].delegate: a split view controller has no delegate")
            case .split where controller.children.count > 2:
                throw invalid("viewControllers[\(position)].children: a split view controller has a primary and a secondary view controller, got \(controller.children.count)")
            case .navigation, .tabBar, .split:
                for child in controller.children where viewControllers[index[child]!].kind == .navigation && controller.kind == .navigation {
                    throw invalid("viewControllers[\(position)].children: navigation controller '\(child)' cannot be in the stack of navigation controller '\(controller.id)'")
                }
            case .plain:
                break
            }
        }
        try validateContainment(parent: parent, path: path)
        var viewIDs: Set<String> = []
        func check(_ view: ViewDescription, defaultID: String?) throws(SceneError) {
            if let id = view.id ?? defaultID {
                guard viewIDs.insert(id).inserted else { throw invalid("viewControllers: the view id '\(id)' is used twice") }
            }
            for subview in view.subviews { try check(subview, defaultID: nil) }
        }
        for controller in viewControllers { try check(controller.view, defaultID: controller.id) }
        try validatePopovers(viewIDs: viewIDs, path: path)
        try validateSegues(path: path)
    }
}

extension SceneDescription {
    /// Containment has no cycle, and no view would nest deeper than `View.maximumDepth` levels
    /// in the window: the root's view is at level 2, a view controller with no parent is presented
    /// in a container at level 3, and a child's view is one level below its parent's. Each view
    /// controller is walked once (the work is linear in the scene, however deep its chains).
    private func validateContainment(parent: [String: String], path: String) throws(SceneError) {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        for controller in viewControllers where marks[controller.id] == nil {
            var chain: [String] = []
            var current: String? = controller.id
            while let id = current, marks[id] == nil {
                marks[id] = .visiting
                chain.append(id)
                current = parent[id]
            }
            if let id = current, marks[id] == .visiting {
                throw SceneError(message: "\(path).viewControllers: containment of '\(id)' forms a cycle")
            }
            for id in chain { marks[id] = .done }
        }
        var children: [String: [String]] = [:]
        for controller in viewControllers { children[controller.id] = controller.children }
        let heights = Dictionary(uniqueKeysWithValues: viewControllers.map { ($0.id, $0.view.depth) })
        var pending = viewControllers.filter { parent[$0.id] == nil }.map { ($0.id, $0.id == root ? 2 : 3) }
        while let (id, level) = pending.popLast() {
            let deepest = level + heights[id]! - 1
            guard deepest <= View.maximumDepth else {
                throw SceneError(
                    message: "\(path).viewControllers: the views of '\(id)' would nest \(deepest) levels deep in the window; "
                        + "at most \(View.maximumDepth) (a snapshot of deeper views would nest deeper than the protocol's JSON limit)")
            }
            for child in children[id]! { pending.append((child, level + 1)) }
        }
    }
}

extension SceneDescription.ViewDescription {
    /// The levels of the view's tree: 1 without subviews (at most 64).
    var depth: Int { 1 + (subviews.map(\.depth).max() ?? 0) }
}
