import Foundation
import Testing
@testable import ScrimCore
import ScrimTestSupport

/// The view-controller graph stays a tree (Docs/Containers.md, *The graph stays a tree*): seeded
/// random operations over the containers, segues, controllers and presentations — including a
/// custom segue that presents what it finds and controllers that perform segues when they appear —
/// with the invariants checked after every one. `scripts/soak-graph` runs the long mode
/// (`SCRIM_SOAK_GRAPH=1`: 10 000 operations × 20 seeds).
@MainActor @Suite struct GraphStateMachineTests {
    nonisolated static let isSoak = ProcessInfo.processInfo.environment["SCRIM_SOAK_GRAPH"] != nil
    nonisolated static let seeds: [UInt64] = isSoak ? Array(1...20) : [1, 2, 3, 4]
    nonisolated static let operations = isSoak ? 10_000 : 500

    @Test(arguments: seeds) func randomOperationsKeepTheGraphATree(seed: UInt64) throws {
        let machine = try GraphMachine(seed: seed)
        for step in 0..<Self.operations {
            let operation = machine.step()
            try machine.checkInvariants(after: "operation \(step) (\(operation)), seed \(seed)")
        }
    }

    /// F12: a cycle in the presentation chain (forced through the internal links) makes `present`
    /// throw instead of spinning.
    @Test func aCycleInThePresentationChainThrowsInsteadOfSpinning() throws {
        let f = try TransitionFixture()
        let other = ViewController(id: "other")
        f.root.ownPresentedViewController = other
        other.ownPresentedViewController = f.root
        defer { other.ownPresentedViewController = nil; f.root.ownPresentedViewController = nil }
        var completions: [Bool] = []
        #expect(throws: TransitionError.graphCycle(viewController: "root", link: "presentedViewController")) {
            try f.root.present(ViewController(id: "new"), animated: true) { completions.append($0) }
        }
        #expect(completions == [false])
        // The walks that cannot throw end.
        #expect(other.unwindCandidates().isEmpty)
        #expect(f.root.navigationController == nil && f.root.targetViewController(forAction: .show, sender: nil) == nil)
    }

    /// How F12's cycle arose: a tab bar controller presenting its own tab (a child whose view is not
    /// in the window) made the tab's `presentedViewController` the tab itself. Refused now.
    @Test func presentingAChildIsRefused() throws {
        let f = try TransitionFixture()
        let first = ViewController(id: "first")
        let second = ViewController(id: "second")
        let tabs = TabBarController(id: "tabs", viewControllers: [first, second])
        f.window.rootViewController = tabs
        #expect(throws: TransitionError.hasParent(viewController: "second", parent: "tabs")) {
            try tabs.present(second, animated: false)
        }
        let nav = NavigationController(id: "nav", rootViewController: ViewController(id: "home"))
        #expect(throws: TransitionError.hasParent(viewController: "second", parent: "tabs")) {
            try first.showDetailViewController(second, sender: nil)
        }
        #expect(throws: TransitionError.hasParent(viewController: "home", parent: "nav")) {
            try first.present(nav.viewControllers[0], animated: false)
        }
        #expect(tabs.presentedViewController == nil && second.presentedViewController == nil)
    }

    /// A push checked when asked is checked again when it begins: meanwhile the pushed view
    /// controller became a split's secondary (`showDetail` runs at once), so the push does not begin.
    @Test func aPushWhoseViewControllerWasPlacedMeanwhileDoesNotBegin() throws {
        let f = try TransitionFixture()
        let nav = NavigationController(id: "nav", rootViewController: ViewController(id: "home"))
        let primary = ViewController(id: "primary")
        let split = SplitViewController(id: "split", viewControllers: [primary])
        let tabs = TabBarController(id: "tabs", viewControllers: [nav, split])
        f.window.rootViewController = tabs
        let moving = ViewController(id: "moving")
        var completions: [Bool] = []
        try nav.pushViewController(moving, animated: true) { completions.append($0) }
        try primary.showDetailViewController(moving, sender: nil)
        try f.advance(1)
        #expect(completions == [false])
        #expect(moving.parent === split && split.viewControllers.map(\.id) == ["primary", "moving"])
        #expect(nav.viewControllers.map(\.id) == ["home"] && nav.children.map(\.id) == ["home"])
        #expect(f.diagnostics.map(\.message) == [
            "view controller 'moving' is already a child of 'split': a view controller has one parent; remove it from 'split' first, or show a new instance; the push does not begin"
        ])
    }
}

/// A seeded random source (SplitMix64), shared by the machine and the view controllers it makes.
@MainActor
final class GraphRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    func chance(_ percent: Int) -> Bool { below(100) < percent }

    func pick<Element>(_ elements: [Element]) -> Element? { elements.isEmpty ? nil : elements[below(elements.count)] }
}

/// A page that, now and then, performs one of its segues when it appears (as a controller plugin
/// may in its appearance callbacks).
@MainActor
final class RestlessViewController: ViewController {
    let random: GraphRandom

    init(id: String, random: GraphRandom) {
        self.random = random
        super.init(id: id)
    }

    override func viewDidAppear(_ animated: Bool) {
        guard random.chance(20), let template = random.pick(segueTemplates) else { return }
        _ = try? performSegue(withIdentifier: template.identifier, sender: nil)
    }
}

/// A custom segue whose `perform` first presents a view controller it finds around its source
/// (its parent, a sibling, its presenter: what a Lua segue can reach), then its destination.
@MainActor
final class GrabbingSegue: StoryboardSegue {
    let random: GraphRandom

    init(identifier: String?, source: ViewController, destination: ViewController, random: GraphRandom) {
        self.random = random
        super.init(identifier: identifier, source: source, destination: destination)
    }

    override func perform() throws {
        let around = [source.parent, source.presentingViewController, source.presentedViewController]
            .compactMap { $0 } + (source.parent?.children ?? [])
        if let grabbed = random.pick(around) { _ = try? source.present(grabbed, animated: random.chance(50)) }
        try source.present(destination, animated: true)
    }
}

/// The random state machine: a window whose root is a tab bar controller (a navigation controller,
/// a split view controller, a plain page), a storyboard of pages, stacks, splits and tab bars
/// whose segues show, show as detail, present and grab, and every view controller ever made.
@MainActor
final class GraphMachine {
    let random: GraphRandom
    let fixture: TransitionFixture
    let storyboard = Storyboard()
    private(set) var pool: [ViewController] = []
    private var known: Set<ObjectIdentifier> = []

    init(seed: UInt64) throws {
        random = GraphRandom(seed: seed)
        fixture = try TransitionFixture()
        let random = random
        let segues = [
            SegueTemplate(identifier: "next", kind: .show, destination: "page"),
            SegueTemplate(identifier: "detail", kind: .showDetail, destination: "page"),
            SegueTemplate(identifier: "modal", kind: .present, destination: "page", modalPresentationStyle: .fullScreen),
            SegueTemplate(identifier: "sheet", kind: .present, destination: "stack", modalPresentationStyle: .overFullScreen),
            SegueTemplate(identifier: "split", kind: .present, destination: "split", modalPresentationStyle: .fullScreen),
            SegueTemplate(identifier: "tabs", kind: .present, destination: "tabs", modalPresentationStyle: .overFullScreen),
            SegueTemplate(identifier: "grab", kind: .custom, destination: "page", segueClass: "grab"),
        ]
        storyboard.register(viewController: "page", segues: segues) { id in RestlessViewController(id: id, random: random) }
        storyboard.register(viewController: "stack") { [unowned self] id in
            NavigationController(id: id, rootViewController: try make("page"))
        }
        storyboard.register(viewController: "split") { [unowned self] id in
            SplitViewController(id: id, viewControllers: [try make("page"), try make("page")])
        }
        storyboard.register(viewController: "tabs") { [unowned self] id in
            TabBarController(id: id, viewControllers: [try make("stack"), try make("split"), try make("page")])
        }
        storyboard.register(segueClass: "grab") { identifier, source, destination in
            GrabbingSegue(identifier: identifier, source: source, destination: destination, random: random)
        }
        fixture.window.rootViewController = try make("tabs")
        collect()
    }

    private func make(_ identifier: String) throws -> ViewController {
        try storyboard.instantiateViewController(withIdentifier: identifier)
    }

    /// One random operation; returns its name. Refusals (`TransitionError`) are part of the game,
    /// except a cycle, which the invariants report.
    func step() -> String {
        let shown = pool.filter { $0.isViewLoaded && $0.view.window != nil }
        let any = { [self] in (random.chance(50) ? random.pick(shown) : nil) ?? random.pick(pool)! }
        let fresh = { [self] () -> ViewController in
            (pool.count < 400 ? try? make(random.pick(["page", "page", "stack", "split"])!) : nil) ?? any()
        }
        let navigations = pool.compactMap { $0 as? NavigationController }
        let animated = random.chance(70)
        var name = ""
        var error: TransitionError?
        do throws(TransitionError) {
            switch random.below(13) {
            case 0:
                name = "present"
                try any().present(random.chance(50) ? fresh() : any(), animated: animated)
            case 1:
                name = "dismiss"
                try any().dismiss(animated: animated)
            case 2:
                name = "push"
                guard let nav = random.pick(navigations) else { return "push (no stack)" }
                try nav.pushViewController(random.chance(50) ? fresh() : any(), animated: animated)
            case 3:
                name = "pop"
                guard let nav = random.pick(navigations) else { return "pop (no stack)" }
                _ = try nav.popViewController(animated: animated)
            case 4:
                name = "show"
                try any().show(random.chance(50) ? fresh() : any(), sender: nil, animated: animated)
            case 5:
                name = "showDetail"
                try any().showDetailViewController(random.chance(50) ? fresh() : any(), sender: nil, animated: animated)
            case 6:
                let source = any()
                guard let template = random.pick(source.segueTemplates) else { return "performSegue (none)" }
                name = "performSegue \(template.identifier)"
                _ = try source.performSegue(withIdentifier: template.identifier, sender: nil)
            case 7:
                name = "addChild"
                let (parent, child) = (any(), random.chance(50) ? fresh() : any())
                guard child !== parent, child.parent !== parent, parent.adoptionRefusal(of: child) == nil else { return "addChild (a programmer error, skipped)" }
                parent.addChild(child)
                child.didMove(toParent: parent)
            case 8:
                name = "removeFromParent"
                let child = any()
                guard let parent = child.parent, !parent.manages(child) else { return "removeFromParent (skipped)" }
                child.willMove(toParent: nil)
                child.removeFromParent()
            case 9:
                name = "setViewControllers"
                guard let nav = random.pick(navigations) else { return "setViewControllers (no stack)" }
                let count = 1 + random.below(3)
                let stack = (0..<count).map { _ in random.chance(50) ? fresh() : any() }
                try nav.setViewControllers(stack, animated: animated)
            case 10:
                name = "selectTab"
                guard let tabs = random.pick(pool.compactMap { $0 as? TabBarController }), !tabs.viewControllers.isEmpty else {
                    return "selectTab (no tabs)"
                }
                try tabs.selectTab(at: random.below(tabs.viewControllers.count))
            default:
                name = "advance"
                try? fixture.advance(Double(random.below(40)) / 60)
            }
        } catch let refusal {
            error = refusal
        }
        if case .graphCycle = error { Issue.record("a cycle: \(error!)") }
        collect()
        return error.map { "\(name): \($0)" } ?? name
    }

    /// Adds every view controller reachable from the pool (segues make new ones) to it.
    private func collect() {
        var visited: Set<ObjectIdentifier> = []
        var pending = pool + [fixture.window.rootViewController].compactMap { $0 }
        while let next = pending.popLast() {
            guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
            if known.insert(ObjectIdentifier(next)).inserted { pool.append(next) }
            pending += next.children + [next.ownPresentedViewController, next.parent].compactMap { $0 }
        }
    }

    /// The invariants: containment is a tree (one parent, listed by it; every container's stack,
    /// tabs or columns are children; nobody is its own ancestor) and the presentation chain,
    /// followed either way, has no cycle.
    func checkInvariants(after what: String) throws {
        let bound = pool.count + 1
        var parentCount: [ObjectIdentifier: Int] = [:]
        for controller in pool {
            for child in controller.children {
                parentCount[ObjectIdentifier(child), default: 0] += 1
                try #require(child.parent === controller, "'\(child.id)' is a child of '\(controller.id)' but its parent is '\(child.parent?.id ?? "nil")' after \(what)")
            }
            if let parent = controller.parent {
                try #require(parent.children.contains { $0 === controller }, "'\(parent.id)' does not list its child '\(controller.id)' after \(what)")
            }
            let listed: [ViewController] = switch controller {
            case let nav as NavigationController: nav.viewControllers
            case let tabs as TabBarController: tabs.viewControllers
            case let split as SplitViewController: split.viewControllers
            default: []
            }
            for child in listed {
                try #require(child.parent === controller, "'\(controller.id)' lists '\(child.id)', whose parent is '\(child.parent?.id ?? "nil")', after \(what)")
            }
            for (name, link) in [("parent", \ViewController.parent), ("presented", \.presentedViewController), ("presenting", \.presentingViewController)] {
                var seen: Set<ObjectIdentifier> = [ObjectIdentifier(controller)]
                var path = [controller.id]
                var current = controller[keyPath: link]
                var steps = 0
                while let next = current, steps < bound {
                    path.append(next.id)
                    try #require(seen.insert(ObjectIdentifier(next)).inserted, "a cycle along \(name): \(path) after \(what)")
                    current = next[keyPath: link]
                    steps += 1
                }
            }
        }
        let twice = parentCount.filter { $0.value > 1 }
        try #require(twice.isEmpty, "a view controller with two parents after \(what)")
        try #require(!fixture.diagnostics.contains { $0.message.contains("internal error") }, "an internal error after \(what)")
    }
}
