import ScrimCore

/// A scene as a storyboard (Docs/Segues.md, Docs/Protocol.md "Scenes"): it gives every view controller of the scene — the
/// ones built when it loads and every instance made later — its declared segues (with their
/// delegates), its controller plugin and its unwind actions, and makes segue destinations: the
/// scene's own view controller while it is unused, else a new instance (`details#2`). Custom
/// segue classes are the ones registered with it in Swift, else the host's segue plugins.
@MainActor
package final class SceneStoryboard: Storyboard {
    package let scene: SceneDescription
    /// Weak: the host's window holds the view controllers, which hold their storyboard.
    private weak var host: ScrimHost?
    private let declarations: [String: SceneDescription.ViewControllerDescription]
    /// Each declaration's index in the scene, for messages (a lookup, not a search per view controller).
    private let positions: [String: Int]
    /// The scene's own view controllers (lent out while unused), and the instances made since.
    private var own: [String: WeakController] = [:]
    private var made: [WeakController] = []

    /// Configures `built` (the scene's view controllers, just built) as this storyboard's.
    ///
    /// - Throws: `SceneError` naming the field when a segue's delegate, a segue class or a
    ///   controller plugin cannot be made.
    package init(scene: SceneDescription, built: BuiltScene, host: ScrimHost) throws(SceneError) {
        self.scene = scene
        self.host = host
        declarations = Dictionary(uniqueKeysWithValues: scene.viewControllers.map { ($0.id, $0) })
        positions = Dictionary(uniqueKeysWithValues: scene.viewControllers.enumerated().map { ($0.element.id, $0.offset) })
        super.init()
        for (position, description) in scene.viewControllers.enumerated() {
            for (index, segue) in description.segues.enumerated() where segue.kind == .custom {
                let name = segue.segueClass ?? ""
                guard host.plugins.contains(where: { $0.name == name && $0.roles.contains(.segue) }) else {
                    let known = host.plugins.filter { $0.roles.contains(.segue) }.map(\.name).sorted()
                    throw SceneError(
                        "\(scene.path).viewControllers[\(position)].segues[\(index)].segueClass",
                        "no segue plugin named '\(name)' (segue plugins: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
                }
            }
        }
        for id in built.order {
            guard let controller = built.viewControllers[id] else { continue }
            own[id] = WeakController(object: controller)
            let position = positions[id] ?? 0
            do {
                try configure(controller, as: declarations[id]!, suffix: "")
            } catch let error as SceneError {
                throw error
            } catch {
                throw SceneError("\(scene.path).viewControllers[\(position)]", "\(error)")
            }
        }
    }

    /// The instances made after the scene's own, alive now, in the order made.
    package var liveInstances: [ViewController] {
        made.removeAll { $0.object == nil }
        return made.compactMap(\.object)
    }

    /// Whether the scene's view controllers and the live instances reach
    /// `SceneDescription.maximumViewControllers`: no new instance is made then.
    package var isFull: Bool { scene.viewControllers.count + liveInstances.count >= SceneDescription.maximumViewControllers }

    /// The scene's own `identifier` while it is unused (no parent, not presented, its view not in
    /// the window), else a new instance with the first free suffix, configured.
    package override func instantiateViewController(withIdentifier identifier: String) throws(TransitionError) -> ViewController {
        guard declarations[identifier] != nil else {
            throw TransitionError.unknownViewController(identifier: identifier, declared: scene.viewControllers.map(\.id))
        }
        if let declared = own[identifier]?.object, Self.isUnused(declared) { return declared }
        // Docs/Protocol.md, "Scenes": the cap holds at run time too, for the instances made here.
        guard !isFull else {
            throw TransitionError.segueFailed(
                identifier: identifier,
                message: "no new instance of '\(identifier)' is made: the scene has \(SceneDescription.maximumViewControllers) "
                    + "view controllers, the most it may have")
        }
        let taken = Set(([own[identifier]?.object].compactMap { $0 } + liveInstances).map(\.id))
        var number = 2
        while taken.contains(identifier + Self.instanceSuffix(number)) { number += 1 }
        let suffix = Self.instanceSuffix(number)
        let instance = scene.instantiate(identifier, suffix: suffix)
        do {
            try configureTree(instance, suffix: suffix)
        } catch {
            throw TransitionError.segueFailed(identifier: identifier, message: "making '\(identifier)\(suffix)' failed: \(error)")
        }
        made.append(WeakController(object: instance))
        return instance
    }

    /// The suffix of a declared view controller's `number`th live instance (2 on), on its id and
    /// on its views' ids: `details#2`, `details.title#2` (Docs/Segues.md).
    nonisolated package static func instanceSuffix(_ number: Int) -> String { "#\(number)" }

    /// The declared id that `id` stands for: `id` itself when `declared` has it, else `base` for
    /// an instance's `base#N` whose `base` is declared; nil for an id that is not the scene's.
    nonisolated package static func declaredID(of id: String, in declared: Set<String>) -> String? {
        if declared.contains(id) { return id }
        guard let hash = id.lastIndex(of: "#"), let number = Int(id[id.index(after: hash)...]), number >= 2,
            id[hash...] == instanceSuffix(number), declared.contains(String(id[..<hash]))
        else { return nil }
        return String(id[..<hash])
    }

    /// A registered Swift segue class, else the host's segue plugin `name`.
    package override func makeSegue(
        ofClass name: String, identifier: String?, source: ViewController, destination: ViewController
    ) throws(TransitionError) -> StoryboardSegue {
        if segueClassNames.contains(name) {
            return try super.makeSegue(ofClass: name, identifier: identifier, source: source, destination: destination)
        }
        guard let host else { throw TransitionError.unknownSegueClass(name: name, known: segueClassNames) }
        do {
            return try host.segue(named: name, identifier: identifier, source: source, destination: destination)
        } catch .unknownRole(_, _, let plugins) {
            throw TransitionError.unknownSegueClass(name: name, known: (segueClassNames + plugins).sorted())
        } catch {
            throw TransitionError.segueFailed(identifier: identifier ?? name, message: "segue plugin '\(name)' failed: \(error)")
        }
    }

    private static func isUnused(_ controller: ViewController) -> Bool {
        controller.parent == nil && controller.presentingViewController == nil && controller.transitionCoordinator == nil
            && !(controller.isViewLoaded && controller.view.window != nil)
    }

    /// Configures a new instance and the children it was built with (ids ending in `suffix`).
    private func configureTree(_ controller: ViewController, suffix: String) throws {
        let declared = String(controller.id.dropLast(suffix.count))
        guard let description = declarations[declared] else { return }
        try configure(controller, as: description, suffix: suffix)
        for child in controller.children { try configureTree(child, suffix: suffix) }
    }

    /// The declaration's segues (triggers with the instance's suffix, delegates made), this
    /// storyboard, its controller plugin, its unwind actions and its popover anchor.
    private func configure(
        _ controller: ViewController, as description: SceneDescription.ViewControllerDescription, suffix: String
    ) throws {
        guard let host else { return }
        let position = positions[description.id] ?? 0
        let field = "\(scene.path).viewControllers[\(position)]"
        controller.storyboard = self
        controller.segueTemplates = try description.segues.enumerated().map { index, segue in
            var delegate: (any TransitioningDelegate)?
            if let spec = segue.transitioningDelegate {
                do {
                    delegate = try host.makeDelegate(spec)
                } catch {
                    throw SceneError("\(field).segues[\(index)].transitioningDelegate", "\(error)")
                }
            }
            return SegueTemplate(
                identifier: segue.identifier, kind: segue.kind, destination: segue.destination,
                trigger: segue.trigger.map { $0 + suffix }, animated: segue.animated,
                modalPresentationStyle: segue.modalPresentationStyle, modalTransitionStyle: segue.modalTransitionStyle,
                transitioningDelegate: delegate, segueClass: segue.segueClass, action: segue.action)
        }
        if let spec = description.controller {
            do {
                try host.attachController(named: spec.plugin, options: spec.options, to: controller)
            } catch {
                throw SceneError("\(field).controller", "\(error)")
            }
        }
        for name in description.unwindActions where controller.unwindAction(named: name) == nil {
            // Declared: the view controller handles it (the controller plugin's action, if any, runs).
            controller.registerUnwindAction(name) { _ in }
        }
        if !suffix.isEmpty, let popover = description.popover, let source = host.window.descendant(withID: popover.sourceView) {
            let presentation = controller.makePopoverPresentationController()
            presentation.sourceView = source
            if let rect = popover.sourceRect { presentation.sourceRect = rect }
            if let permitted = popover.permittedArrowDirections { presentation.permittedArrowDirections = permitted }
        }
    }

    private struct WeakController {
        weak var object: ViewController?
    }
}
