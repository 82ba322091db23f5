import ScrimCore

/// A scene (SPEC §7.6), decoded and checked: the window, the root view controller and every view
/// controller with its view tree. Decoding checks everything — field types, unique ids, children
/// that exist and have one parent, no cycles — so that building never fails half-way.
public struct SceneDescription: Sendable, Hashable {
    /// `ViewSpec`: a view and its subviews.
    public struct ViewDescription: Sendable, Hashable {
        public var id: String?
        public var name: String?
        public var frame: Rect
        public var backgroundColor: Color?
        public var alpha: Double?
        public var cornerRadius: Double?
        public var transform: ScrimCore.AffineTransform?
        public var subviews: [ViewDescription]
    }

    public struct ViewControllerDescription: Sendable, Hashable {
        public var id: String
        public var title: String?
        public var view: ViewDescription
        public var children: [String]
        public var definesPresentationContext: Bool
        public var providesPresentationContextTransitionStyle: Bool
        public var modalPresentationStyle: ModalPresentationStyle?
        public var modalTransitionStyle: ModalTransitionStyle?
        public var preferredContentSize: Size?
    }

    public var windowSize: Size
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var root: String
    public var viewControllers: [ViewControllerDescription]

    /// Decodes `scene`; every problem is a 1005 error naming the field.
    public init(_ scene: Params) throws(ResponseError) {
        do throws(ResponseError) {
            let window = try scene.nested("window")
            windowSize = Size(width: try window.number("width", in: 1...100_000), height: try window.number("height", in: 1...100_000))
            horizontalSizeClass = try window.optionalCase("horizontalSizeClass", UserInterfaceSizeClass.self)
            root = try scene.string("root")
            viewControllers = try scene.objects("viewControllers").map { (params) throws(ResponseError) in
                try Self.viewController(params)
            }
        } catch {
            throw ResponseError(.invalidScene, error.message)
        }
        try validate(path: scene.path)
    }

    private static func viewController(_ params: Params) throws(ResponseError) -> ViewControllerDescription {
        let id = try params.string("id")
        guard !id.isEmpty else { throw .invalidParams(params.field("id"), "must not be empty") }
        return ViewControllerDescription(
            id: id, title: try params.optionalString("title"), view: try view(try params.nested("view")),
            children: try params.optionalStrings("children") ?? [],
            definesPresentationContext: try params.optionalBool("definesPresentationContext") ?? false,
            providesPresentationContextTransitionStyle: try params.optionalBool("providesPresentationContextTransitionStyle") ?? false,
            modalPresentationStyle: try params.optionalCase("modalPresentationStyle", ModalPresentationStyle.self),
            modalTransitionStyle: try params.optionalCase("modalTransitionStyle", ModalTransitionStyle.self),
            preferredContentSize: params.contains("preferredContentSize") ? try params.size("preferredContentSize") : nil)
    }

    private static func view(_ params: Params, depth: Int = 0) throws(ResponseError) -> ViewDescription {
        guard depth < 64 else { throw .invalidParams(params.path, "views nest deeper than 64 levels") }
        let subviews = params.contains("subviews")
            ? try params.objects("subviews").map { (child) throws(ResponseError) in try view(child, depth: depth + 1) }
            : []
        return ViewDescription(
            id: try params.optionalString("id"), name: try params.optionalString("name"), frame: try params.rect("frame"),
            backgroundColor: params.contains("backgroundColor") ? try params.color("backgroundColor") : nil,
            alpha: try params.optionalNumber("alpha", in: 0...1),
            cornerRadius: try params.optionalNumber("cornerRadius", in: 0...1e7),
            transform: params.contains("transform") ? try params.transform("transform") : nil,
            subviews: subviews)
    }

    /// Ids are unique, the root and every child exist, a child has one parent, the root is no
    /// one's child, and containment has no cycle.
    private func validate(path: String) throws(ResponseError) {
        func invalid(_ message: String) -> ResponseError { ResponseError(.invalidScene, "\(path).\(message)") }
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
        for controller in viewControllers {
            var seen: Set<String> = [controller.id]
            var current = controller.id
            while let up = parent[current] {
                guard seen.insert(up).inserted else { throw invalid("viewControllers: containment of '\(controller.id)' forms a cycle") }
                current = up
            }
        }
        var viewIDs: Set<String> = []
        func check(_ view: ViewDescription, defaultID: String?) throws(ResponseError) {
            if let id = view.id ?? defaultID {
                guard viewIDs.insert(id).inserted else { throw invalid("viewControllers: the view id '\(id)' is used twice") }
            }
            for subview in view.subviews { try check(subview, defaultID: nil) }
        }
        for controller in viewControllers { try check(controller.view, defaultID: controller.id) }
    }
}
