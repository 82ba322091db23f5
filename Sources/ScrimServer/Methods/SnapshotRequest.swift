import ScrimCore
internal import ScrimJSON

/// `scrim/snapshot { presentation?: true }` → `{ time, window: ViewTree, viewControllers,
/// transitions }` (Docs/Protocol.md, "scrim/snapshot"): the whole window with presentation (or
/// model) values, the scene's view controllers (with their `kind`, `parent` and `children`) and
/// the transitions running or queued. A window whose views nest deeper than `View.maximumDepth`
/// is refused rather than answered more deeply nested than the protocol accepts.
enum SnapshotRequest: RequestHandler {
    static let method = "scrim/snapshot"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let presentation = try params.optionalBool("presentation") ?? true
        let window = session.host.window
        let depth = window.subtreeDepth
        guard depth <= View.maximumDepth else {
            throw ResponseError(
                .internalError,
                "the window's views nest \(depth) levels deep; a snapshot carries at most \(View.maximumDepth) "
                    + "(deeper, it would nest deeper than the protocol's \(JSONParser.maximumDepth)-level JSON limit)")
        }
        let scene = session.sceneOrder.compactMap { session.viewControllers[$0] }
        let controllers: [JSONValue] = (scene + session.liveInstances).map { controller in
            [
                "id": .string(controller.id),
                "presentingViewController": controller.presentingViewController.map { .string($0.id) } ?? .null,
                "presentedViewController": controller.presentedViewController.map { .string($0.id) } ?? .null,
                "modalPresentationStyle": .string(controller.modalPresentationStyle.rawValue),
                "isViewInWindow": .bool(controller.isViewLoaded && controller.view.window === window),
                "kind": .string(kind(of: controller)),
                "parent": controller.parent.map { .string($0.id) } ?? .null,
                "children": .array(contentOrder(of: controller).map { .string($0.id) }),
            ]
        }
        let transitions: [JSONValue] = window.transitionStatuses.map { status in
            [
                "transition": .int(status.id), "kind": .string(status.kind.rawValue),
                "interactive": .bool(status.isInteractive), "percentComplete": .double(status.percentComplete),
            ]
        }
        return [
            "time": .double(session.host.now), "window": window.treeJSON(presentation: presentation),
            "viewControllers": .array(controllers), "transitions": .array(transitions),
        ]
    }

    /// A scene's `kind` for the view controller's class.
    static func kind(of controller: ViewController) -> String {
        switch controller {
        case is NavigationController: "navigation"
        case is TabBarController: "tabBar"
        case is SplitViewController: "split"
        default: "plain"
        }
    }

    /// The children in a container's own order (the stack bottom first, the tabs, the columns),
    /// else in the order they were added.
    static func contentOrder(of controller: ViewController) -> [ViewController] {
        switch controller {
        case let navigation as NavigationController: navigation.viewControllers
        case let tabs as TabBarController: tabs.viewControllers
        case let split as SplitViewController: split.viewControllers
        default: controller.children
        }
    }
}
