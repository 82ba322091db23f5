import Foundation
import ScrimCore
import ScrimHost

/// What a playback plays on: the host with the scene's window, the scene's view controllers and
/// storyboard, and the plugin's delegate. It takes a scenario's steps one at a time: finds the
/// view controllers a step names (or its default ones), gives them the plugin's delegate, and
/// runs the step's action.
@MainActor
final class PlaybackStage {
    /// When a step has ended, after its action ran.
    enum Ending {
        /// At once (input, a wait is timed by the run).
        case now
        /// When the completion handler given to `perform` has been called.
        case completion
        /// When no transition and no animation runs any more, a tick after it began (a segue, a
        /// tap, a size change: what they start is not known beforehand).
        case idle
    }

    let host: ScrimHost
    let built: BuiltScene
    let storyboard: SceneStoryboard
    let delegate: (any TransitioningDelegate)?
    private let roles: Set<RoleKind>
    /// The presentation style of the scenario or the command line.
    private let style: ModalPresentationStyle?
    /// `--scene FILE: ` for messages about the scene, "" for the demo.
    private let sceneLabel: String
    /// The navigation and tab bar controllers given the plugin's delegate already.
    private var containersWithDelegate: Set<ObjectIdentifier> = []

    init(
        host: ScrimHost, built: BuiltScene, storyboard: SceneStoryboard, delegate: (any TransitioningDelegate)?, roles: Set<RoleKind>,
        style: ModalPresentationStyle?, sceneLabel: String
    ) {
        (self.host, self.built, self.storyboard, self.delegate, self.roles) = (host, built, storyboard, delegate, roles)
        (self.style, self.sceneLabel) = (style, sceneLabel)
    }

    /// Runs `step`'s action. `completion` is the completion handler of the UIKit call it makes
    /// (when it returns `.completion`); `report` hears the input, segue and warning events.
    ///
    /// - Throws: `PlaybackError.cannotPlay` naming the step (`flow.json.steps[2]: …`, or the
    ///   option that made it).
    func perform(
        _ step: Scenario.Step, index: Int, completion: @escaping (TransitionKind, Bool) -> Void, report: (PlaybackEvent) -> Void
    ) throws(PlaybackError) -> Ending {
        let place = step.place
        do {
            switch step.action {
            case .present(let target, let presenter, let stepStyle):
                let presented = try viewController(target, place: place) ?? firstPresentable(place: place)
                let from = try viewController(presenter, place: place) ?? host.rootViewController
                if let delegate {
                    presented.transitioningDelegate = delegate
                    if let chosen = stepStyle ?? style {
                        presented.modalPresentationStyle = chosen
                    } else if roles.contains(.presentation) {
                        presented.modalPresentationStyle = .custom
                    }
                } else if let chosen = stepStyle ?? style {
                    presented.modalPresentationStyle = chosen
                }
                try from.present(presented, animated: true) { completion(.presentation, $0) }
            case .dismiss(let target):
                let dismissed = try viewController(target, place: place) ?? frontmostPresented(place: place)
                try dismissed.dismiss(animated: true) { completion(.dismissal, $0) }
            case .push(let target, let on):
                let navigation = try self.navigation(on, place: place)
                let pushed = try viewController(target, place: place) ?? firstPresentable(place: place)
                if let delegate { pushed.transitioningDelegate = delegate }
                try navigation.pushViewController(pushed, animated: true) { completion(.push, $0) }
            case .pop(let target):
                try navigation(target, place: place).popViewController(animated: true) { completion(.pop, $0) }
            case .popToRoot(let target):
                try navigation(target, place: place).popToRootViewController(animated: true) { completion(.pop, $0) }
            case .show(let id, let source), .showDetail(let id, let source):
                let shown = try viewController(id, place: place)!
                let from = try viewController(source, place: place) ?? frontmost()
                if let delegate { shown.transitioningDelegate = delegate }
                if case .show = step.action {
                    let navigation = from.navigationController ?? (from as? NavigationController)
                    if let navigation { giveDelegate(to: navigation) }
                    try from.show(shown, sender: nil) { completion(navigation == nil ? .presentation : .push, $0) }
                } else {
                    _ = try from.showDetailViewController(shown, sender: nil) { completion(.presentation, $0) }
                }
            case .segue(let identifier, let source):
                let (from, template) = try segue(identifier, source: source, place: place)
                giveDelegate(to: template, of: from)
                let kind: TransitionKind =
                    switch template.kind {
                    case .show: from.navigationController != nil ? .push : .presentation
                    case .unwind: .dismissal
                    default: .presentation
                    }
                let segue = try from.performSegue(withIdentifier: identifier, sender: nil) { completion(kind, $0) }
                report(.segue(time: host.now, identifier: identifier, kind: template.kind.rawValue, source: from.id, destination: segue.destination.id))
                return .idle
            case .unwind(let identifier, let source):
                let (from, template) = try segue(identifier, source: source, place: place)
                let segue = try from.performSegue(withIdentifier: identifier, sender: nil) { completion(.dismissal, $0) }
                report(.segue(time: host.now, identifier: identifier, kind: template.kind.rawValue, source: from.id, destination: segue.destination.id))
                return .idle
            case .tap(let target, let expected):
                try tap(target, expecting: expected, index: index, place: place, report: report)
                return .idle
            case .selectTab(let choice, let of):
                let tabs = try tabBarController(of, place: place)
                let tab: Int
                switch choice {
                case .index(let index):
                    guard tabs.viewControllers.indices.contains(index) else {
                        throw PlaybackError.cannotPlay("\(place): '\(tabs.id)' has \(tabs.viewControllers.count) tabs; tab \(index) is not one")
                    }
                    tab = index
                case .viewController(let id):
                    guard let found = tabs.viewControllers.firstIndex(where: { $0.id == id }) else {
                        throw PlaybackError.cannotPlay(
                            "\(place): '\(id)' is not a tab of '\(tabs.id)' (tabs: \(tabs.viewControllers.map(\.id).joined(separator: ", ")))")
                    }
                    tab = found
                }
                giveDelegate(to: tabs)
                if try !tabs.selectTab(at: tab, completion: { completion(.tab, $0) }) {
                    report(.warning(time: host.now, description: "\(place): the tab bar controller's delegate refused tab \(tab) (shouldSelect)"))
                }
            case .size(let size):
                try host.window.setSize(size)
                return .idle
            case .input(let action):
                report(.input(time: host.now, index: step.eventIndex ?? index, description: action.description))
                if case .pan(let phase, let location, _) = action { report(.pan(time: host.now, phase: phase, location: location)) }
                var located = place
                if step.eventIndex != nil, case .clock(let time) = step.start { located += " (time \(OptionReader.format(time)))" }
                let received = try action.deliver(to: host.window, place: located)
                if !received {
                    report(.warning(time: host.now, description: "\(action.description): no gesture recognizer received it"))
                }
                return .now
            case .wait:
                return .now
            }
        } catch let error as PlaybackError {
            throw error
        } catch let error as InteractionScript.Failure {
            throw .cannotPlay("\(error)")
        } catch {
            throw .cannotPlay("\(place): \(error)")
        }
        return .completion
    }

    // MARK: Finding view controllers

    /// The view controller `id` names (a live instance a segue made, or the scene's), or nil for
    /// nil.
    private func viewController(_ id: String?, place: String) throws(PlaybackError) -> ViewController? {
        guard let id else { return nil }
        if let instance = storyboard.liveInstances.first(where: { $0.id == id }) { return instance }
        guard let found = built.viewControllers[id] else {
            throw .cannotPlay("\(place): \(sceneLabel)no view controller '\(id)' in the scene (known: \(built.order.joined(separator: ", ")))")
        }
        return found
    }

    /// The scene's first view controller that is neither the root nor a child.
    private func firstPresentable(place: String) throws(PlaybackError) -> ViewController {
        let children = Set(built.order.flatMap { built.viewControllers[$0]?.children.map(\.id) ?? [] })
        guard let id = built.order.first(where: { $0 != built.root.id && !children.contains($0) }), let found = built.viewControllers[id] else {
            throw .cannotPlay("\(sceneLabel)the scene has no view controller to present (one that is neither the root nor a child)")
        }
        return found
    }

    /// The last view controller of the presentation chain from the root, when it is presented.
    private func frontmostPresented(place: String) throws -> ViewController {
        let top = try host.rootViewController.last(along: .presentedViewController)
        guard top !== host.rootViewController else { throw PlaybackError.cannotPlay("\(place): nothing is presented to dismiss") }
        return top
    }

    /// What the user sees in front: the top of the presentation chain, then down its containers
    /// (a navigation controller's top, a tab bar controller's selected tab, a split view's last
    /// column).
    func frontmost() throws -> ViewController {
        var current = try host.rootViewController.last(along: .presentedViewController)
        // A container's child is never its ancestor: the descent ends; bounded all the same.
        for _ in 0..<SceneDescription.maximumViewControllers {
            let next: ViewController? =
                switch current {
                case let navigation as NavigationController: navigation.topViewController
                case let tabs as TabBarController: tabs.selectedViewController
                case let split as SplitViewController: split.viewControllers.last
                default: nil
                }
            guard let next, next !== current else { break }
            current = next
        }
        return current
    }

    /// The navigation controller `id` names, else the one around the frontmost view controller,
    /// else the scene's first in the window; given the plugin's delegate.
    private func navigation(_ id: String?, place: String) throws -> NavigationController {
        let found: NavigationController?
        if let id {
            guard let navigation = try viewController(id, place: place) as? NavigationController else {
                throw PlaybackError.cannotPlay("\(place): '\(id)' is not a navigation controller")
            }
            found = navigation
        } else {
            let front = try frontmost()
            found = front.navigationController ?? (front as? NavigationController) ?? built.order.lazy
                .compactMap { self.built.viewControllers[$0] as? NavigationController }
                .first { $0.isViewLoaded && $0.view.window === self.host.window }
        }
        guard let found else {
            throw PlaybackError.cannotPlay("\(place): \(sceneLabel)the scene has no navigation controller in the window")
        }
        giveDelegate(to: found)
        return found
    }

    private func tabBarController(_ id: String?, place: String) throws -> TabBarController {
        if let id {
            guard let tabs = try viewController(id, place: place) as? TabBarController else {
                throw PlaybackError.cannotPlay("\(place): '\(id)' is not a tab bar controller")
            }
            return tabs
        }
        let found = built.order.lazy.compactMap { self.built.viewControllers[$0] as? TabBarController }
            .first { $0.isViewLoaded && $0.view.window === self.host.window }
        guard let found else { throw PlaybackError.cannotPlay("\(place): \(sceneLabel)the scene has no tab bar controller in the window") }
        return found
    }

    /// The source and declaration of segue `identifier`: on `source`, else the frontmost view
    /// controller if it declares it, else the first of the scene's order that does, else a live
    /// instance that does.
    func segue(_ identifier: String, source: String?, place: String) throws -> (ViewController, SegueTemplate) {
        if let source {
            let from = try viewController(source, place: place)!
            guard let template = from.segueTemplates.first(where: { $0.identifier == identifier }) else {
                throw PlaybackError.cannotPlay(
                    "\(place): '\(source)' declares no segue '\(identifier)' (segues: \(Self.list(from.segueTemplates.map(\.identifier))))")
            }
            return (from, template)
        }
        let candidates = [try frontmost()] + built.order.compactMap { built.viewControllers[$0] } + storyboard.liveInstances
        for candidate in candidates {
            if let template = candidate.segueTemplates.first(where: { $0.identifier == identifier }) { return (candidate, template) }
        }
        let declared = built.order.flatMap { built.viewControllers[$0]?.segueTemplates.map(\.identifier) ?? [] }
        throw PlaybackError.cannotPlay("\(place): \(sceneLabel)no view controller of the scene declares it (segues: \(Self.list(declared)))")
    }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

    // MARK: Delegates

    /// Gives a navigation or tab bar controller the plugin's delegate, once.
    private func giveDelegate(to container: ViewController) {
        guard let delegate, containersWithDelegate.insert(ObjectIdentifier(container)).inserted else { return }
        if let navigation = container as? NavigationController {
            navigation.delegate = TransitioningNavigationDelegate.make(for: delegate)
        } else if let tabs = container as? TabBarController {
            tabs.delegate = TransitioningNavigationDelegate.makeForTabs(for: delegate)
        }
    }

    /// Gives the plugin's delegate to a segue: a show segue's navigation controller gets it as
    /// its delegate, any other segue gives it to its destination.
    private func giveDelegate(to template: SegueTemplate, of source: ViewController) {
        guard delegate != nil, template.kind != .unwind else { return }
        if template.kind == .show, let navigation = source.navigationController ?? (source as? NavigationController) {
            giveDelegate(to: navigation)
        } else if let index = source.segueTemplates.firstIndex(where: { $0.identifier == template.identifier }) {
            source.segueTemplates[index].transitioningDelegate = delegate
            if roles.contains(.presentation), template.kind == .present {
                source.segueTemplates[index].modalPresentationStyle = .custom
            }
        }
    }

    // MARK: Taps

    /// A tap at the center of a view (or at a point), after giving the plugin's delegate to the
    /// segue it triggers. With `expected`, a tap that would run another segue, or none, is
    /// refused before anything runs.
    private func tap(
        _ target: Scenario.TapTarget, expecting expected: String?, index: Int, place: String, report: (PlaybackEvent) -> Void
    ) throws {
        let point: Point
        switch target {
        case .view(let id):
            guard let view = host.window.descendant(withID: id) else {
                throw PlaybackError.cannotPlay("\(place): no view with that id in the window")
            }
            point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        case .point(let location):
            point = location
        }
        let hit = host.window.hitTest(point)
        let triggered = hit.flatMap { host.rootViewController.triggeredSegue(for: $0) }
        if let expected {
            let (_, template) = try segue(expected, source: nil, place: place.hasPrefix("--") ? "--segue \(expected)" : place)
            if triggered?.template.identifier != expected {
                let what = triggered.map { "runs segue '\($0.template.identifier)'" } ?? "runs no segue"
                let instead =
                    template.trigger.map { "its trigger is '\($0)'" }
                    ?? "it has no trigger view: run it \(place.hasPrefix("--") ? "without --tap" : "with a segue step")"
                let asked = place.hasPrefix("--") ? "--segue \(expected)" : "'\(expected)'"
                throw PlaybackError.cannotPlay(
                    "\(place): a tap at \(Self.describe(target)) (on \(hit?.id ?? "nothing")) \(what), not \(asked) (\(instead))")
            }
        }
        if let triggered { giveDelegate(to: triggered.template, of: triggered.source) }
        // Asked before the tap: what the unwind will find.
        let unwindDestination = triggered.flatMap { found in
            found.template.action.flatMap { found.source.unwindDestination(for: $0, sender: found.trigger)?.id }
        }
        let tapped = try host.window.sendTap(at: point)
        report(.input(time: host.now, index: place.hasPrefix("--") ? -1 : index, description: String(format: "tap at (%g, %g) on %@", point.x, point.y, tapped?.id ?? "nothing")))
        if let triggered {
            let template = triggered.template
            let destination = template.kind == .unwind ? unwindDestination : template.destination
            report(.segue(
                time: host.now, identifier: template.identifier, kind: template.kind.rawValue, source: triggered.source.id,
                destination: destination ?? "none"))
        } else {
            report(.warning(time: host.now, description: "the tap at (\(Self.format(point.x)), \(Self.format(point.y))) on \(tapped?.id ?? "nothing") triggered no segue"))
        }
    }

    private static func describe(_ target: Scenario.TapTarget) -> String {
        switch target {
        case .view: "its center"
        case .point(let point): "(\(format(point.x)), \(format(point.y)))"
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%g", value) }
}
