import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A view controller that logs the segue calls it gets and can refuse triggered segues.
@MainActor
final class SegueRecordingViewController: ViewController {
    let log: EventLog
    var allowsSegues = true

    init(id: String, log: EventLog) {
        self.log = log
        super.init(id: id)
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        log.add("\(id).shouldPerform(\(identifier), \((sender as? View)?.id ?? "nil"))")
        return allowsSegues
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        log.add("\(id).prepare(\(segue.identifier ?? "nil"), \(segue.destination.id), inWindow: \(segue.destination.isViewLoaded))")
    }
}

/// Docs/Segues.md, "Performing a segue": `performSegue`, `shouldPerformSegue` for triggered segues
/// only, `prepare(for:sender:)`, the kinds, fresh destinations, custom segue classes.
@MainActor @Suite struct SegueTests {
    let tick = 1.0 / 60

    /// A storyboard declaring `details` (a plain view controller) and `page`, kept alive by the test.
    func storyboard(_ segues: [String: [SegueTemplate]] = [:]) -> Storyboard {
        let storyboard = Storyboard()
        for id in ["details", "page"] {
            storyboard.register(viewController: id, segues: segues[id] ?? []) { instanceID in
                let controller = ViewController(id: instanceID)
                controller.modalPresentationStyle = .fullScreen
                return controller
            }
        }
        return storyboard
    }

    /// A window whose root is a recording view controller with `segues`, made by `storyboard`.
    func scene(_ segues: [SegueTemplate], storyboard: Storyboard) throws -> (TransitionFixture, SegueRecordingViewController, EventLog) {
        let f = try TransitionFixture()
        let log = EventLog()
        let root = SegueRecordingViewController(id: "home", log: log)
        root.storyboard = storyboard
        root.segueTemplates = segues
        f.window.rootViewController = root
        return (f, root, log)
    }

    @Test func performSegueMakesAFreshDestinationPreparesAndPresentsWithTheDeclaredStyles() throws {
        let storyboard = storyboard()
        let (f, home, log) = try scene(
            [SegueTemplate(identifier: "open", kind: .present, destination: "details", modalPresentationStyle: .overFullScreen,
                           modalTransitionStyle: .crossDissolve)],
            storyboard: storyboard)
        var completions: [Bool] = []
        let segue = try home.performSegue(withIdentifier: "open", sender: nil) { completions.append($0) }
        #expect(segue.identifier == "open" && segue.source === home && segue.kind == .present)
        #expect(segue.destination.id == "details")
        #expect(segue.destination.modalPresentationStyle == .overFullScreen)
        #expect(segue.destination.modalTransitionStyle == .crossDissolve)
        #expect(segue.destination.storyboard === storyboard)
        // Code does not ask shouldPerformSegue; prepare runs before the destination is loaded.
        #expect(log.entries == ["home.prepare(open, details, inWindow: false)"])
        try f.advance(1)
        #expect(completions == [true])
        #expect(home.presentedViewController === segue.destination)
        #expect(f.window.subviews.map(\.id) == ["home", "details.container"])
    }

    @Test func eachRunMakesANewInstanceNumberedWhileAnEarlierOneIsAlive() throws {
        let storyboard = storyboard()
        let (f, home, _) = try scene([SegueTemplate(identifier: "open", kind: .present, destination: "details")], storyboard: storyboard)
        var first: ViewController? = try home.performSegue(withIdentifier: "open", sender: nil).destination
        try f.advance(1)
        try first?.dismiss(animated: false)
        try f.advance(tick)
        var second: ViewController? = try home.performSegue(withIdentifier: "open", sender: nil).destination
        #expect(second !== first)
        #expect(first?.id == "details" && second?.id == "details#2")
        try f.advance(1)
        try second?.dismiss(animated: false)
        try f.advance(tick)
        // Once the earlier instances are gone, the declared id is free again.
        weak let released = second
        first = nil
        second = nil
        #expect(released == nil)
        let third = try home.performSegue(withIdentifier: "open", sender: nil).destination
        #expect(third.id == "details")
    }

    @Test func aTriggeredSegueAsksShouldPerformAndCanBeRefused() throws {
        let (f, home, log) = try scene(
            [SegueTemplate(identifier: "open", kind: .present, destination: "details", trigger: "home.card")],
            storyboard: storyboard())
        let card = View(id: "home.card", frame: Rect(x: 20, y: 100, width: 100, height: 100))
        let label = View(id: "home.card.label", frame: Rect(x: 10, y: 10, width: 50, height: 20))
        card.addSubview(label)
        home.view.addSubview(card)
        // The trigger is the tapped view or its nearest superview that triggers a segue.
        let found = try #require(home.triggeredSegue(for: label))
        #expect(found.source === home && found.template.identifier == "open")
        #expect(home.triggeredSegue(for: home.view) == nil)

        home.allowsSegues = false
        #expect(try home.performTriggeredSegue(found.template, trigger: card) == nil)
        try f.advance(1)
        #expect(home.presentedViewController == nil)
        #expect(log.entries == ["home.shouldPerform(open, home.card)"])

        home.allowsSegues = true
        log.clear()
        let segue = try #require(try home.performTriggeredSegue(found.template, trigger: card))
        #expect(segue.sender === card)
        #expect(log.entries == ["home.shouldPerform(open, home.card)", "home.prepare(open, details, inWindow: false)"])
        try f.advance(1)
        #expect(home.presentedViewController === segue.destination)
    }

    @Test func aTapOnATriggerRunsItsSegueAndAFailingOneIsADiagnostic() throws {
        let (f, home, log) = try scene(
            [
                SegueTemplate(identifier: "open", kind: .present, destination: "details", trigger: "home.card"),
                SegueTemplate(identifier: "broken", kind: .present, destination: "nowhere", trigger: "home.broken"),
            ],
            storyboard: storyboard())
        let card = View(id: "home.card", frame: Rect(x: 20, y: 100, width: 100, height: 100))
        card.addSubview(View(id: "home.card.label", frame: Rect(x: 10, y: 10, width: 50, height: 20)))
        home.view.addSubview(card)
        home.view.addSubview(View(id: "home.broken", frame: Rect(x: 200, y: 100, width: 100, height: 100)))

        // A tap on the card's label: the card is the trigger and the sender.
        #expect(try f.window.sendTap(at: Point(x: 35, y: 115))?.id == "home.card.label")
        #expect(log.entries == ["home.shouldPerform(open, home.card)", "home.prepare(open, details, inWindow: false)"])
        try f.advance(1)
        #expect(home.presentedViewController?.id == "details")
        try home.presentedViewController?.dismiss(animated: false)
        try f.advance(tick)

        // A tap elsewhere triggers nothing; a segue that cannot run is a diagnostic.
        log.clear()
        #expect(try f.window.sendTap(at: Point(x: 5, y: 5))?.id == "home")
        #expect(try f.window.sendTap(at: Point(x: 250, y: 150))?.id == "home.broken")
        try f.advance(1)
        #expect(home.presentedViewController == nil)
        #expect(log.entries == ["home.shouldPerform(broken, home.broken)"])
        #expect(f.diagnostics == [TransitionDiagnostic(
            transition: nil, role: .segue, object: "broken",
            message: "the storyboard declares no view controller 'nowhere' (declared: details, page)")])
    }

    @Test func aPopoverSegueIsAnchoredAtItsTrigger() throws {
        let (f, home, _) = try scene(
            [SegueTemplate(identifier: "info", kind: .popover, destination: "page", trigger: "home.info")],
            storyboard: storyboard())
        let info = View(id: "home.info", frame: Rect(x: 170, y: 100, width: 50, height: 30))
        home.view.addSubview(info)
        try f.window.sendTap(at: Point(x: 180, y: 110))
        try f.advance(1)
        let page = try #require(home.presentedViewController)
        #expect(page.modalPresentationStyle == .popover)
        // Compact width: the popover adapts to full screen, still anchored at the trigger.
        #expect(page.popoverPresentationController?.sourceView === info)
        #expect(page.presentationController is PopoverPresentationController)
    }

    @Test func showPushesOnTheNavigationControllerAndShowDetailReplacesTheSecondary() throws {
        let storyboard = storyboard()
        let f = try TransitionFixture(size: Size(width: 1000, height: 800))
        let log = EventLog()
        let list = SegueRecordingViewController(id: "list", log: log)
        list.storyboard = storyboard
        list.segueTemplates = [
            SegueTemplate(identifier: "push", kind: .show, destination: "page"),
            SegueTemplate(identifier: "detail", kind: .showDetail, destination: "details"),
        ]
        let nav = NavigationController(id: "nav", rootViewController: list)
        let split = SplitViewController(id: "split", viewControllers: [nav, ViewController(id: "empty")])
        f.window.rootViewController = split

        var completions: [Bool] = []
        let detail = try list.performSegue(withIdentifier: "detail", sender: nil) { completions.append($0) }
        #expect(completions == [true])
        #expect(split.viewControllers.map(\.id) == ["nav", "details"])
        #expect(detail.destination === split.viewControllers[1])

        let push = try list.performSegue(withIdentifier: "push", sender: nil) { completions.append($0) }
        try f.advance(1)
        #expect(completions == [true, true])
        #expect(nav.viewControllers.map(\.id) == ["list", "page"])
        #expect(nav.topViewController === push.destination)
    }

    @Test func anUnknownIdentifierOrDestinationIsRefusedAndNothingChanges() throws {
        let (f, home, log) = try scene(
            [SegueTemplate(identifier: "open", kind: .present, destination: "nowhere"),
             SegueTemplate(identifier: "other", kind: .present, destination: "details")],
            storyboard: storyboard())
        var completions: [Bool] = []
        #expect(throws: TransitionError.unknownSegue(identifier: "close", viewController: "home", declared: ["open", "other"])) {
            try home.performSegue(withIdentifier: "close", sender: nil) { completions.append($0) }
        }
        #expect(
            TransitionError.unknownSegue(identifier: "close", viewController: "home", declared: ["open", "other"]).description
                == "view controller 'home' has no segue 'close' (declared: open, other)")
        #expect(throws: TransitionError.unknownViewController(identifier: "nowhere", declared: ["details", "page"])) {
            try home.performSegue(withIdentifier: "open", sender: nil) { completions.append($0) }
        }
        #expect(completions == [false, false])
        #expect(log.entries.isEmpty, "prepare is not called for a segue that cannot be made")
        try f.advance(1)
        #expect(home.presentedViewController == nil)

        let orphan = ViewController(id: "orphan")
        orphan.segueTemplates = [SegueTemplate(identifier: "open", kind: .present, destination: "details")]
        #expect(throws: TransitionError.noStoryboard(viewController: "orphan")) {
            try orphan.performSegue(withIdentifier: "open", sender: nil)
        }
    }
}

/// Custom segue classes (Listing 9-2's kind): registered by name, `perform()` overridden.
@MainActor @Suite struct CustomSegueTests {
    /// Forgets to show the destination.
    final class ForgetfulSegue: StoryboardSegue {
        override func perform() throws {}
    }

    func scene() throws -> (TransitionFixture, ViewController, Storyboard) {
        let f = try TransitionFixture()
        let storyboard = Storyboard()
        storyboard.register(viewController: "details") { ViewController(id: $0) }
        storyboard.register(segueClass: "instant") { ImmediateSegue(identifier: $0, source: $1, destination: $2) }
        storyboard.register(segueClass: "forgetful") { ForgetfulSegue(identifier: $0, source: $1, destination: $2) }
        f.root.storyboard = storyboard
        f.root.segueTemplates = [
            SegueTemplate(identifier: "instant", kind: .custom, destination: "details", segueClass: "instant"),
            SegueTemplate(identifier: "forgetful", kind: .custom, destination: "details", segueClass: "forgetful"),
            SegueTemplate(identifier: "unknown", kind: .custom, destination: "details", segueClass: "zoom"),
        ]
        return (f, f.root, storyboard)
    }

    @Test func aRegisteredSegueClassPerformsItself() throws {
        let (f, root, _) = try scene()
        var completions: [Bool] = []
        let segue = try root.performSegue(withIdentifier: "instant", sender: nil) { completions.append($0) }
        #expect(segue is ImmediateSegue)
        #expect(completions == [true])
        try f.advance(1.0 / 60)
        #expect(root.presentedViewController === segue.destination)
    }

    @Test func aSegueThatNeverShowsItsDestinationIsAFaultAndReleasesIt() throws {
        let (f, root, _) = try scene()
        var completions: [Bool] = []
        #expect(
            throws: TransitionError.segueFailed(
                identifier: "forgetful",
                message: "perform() returned without showing the destination 'details' (present, push or show it)")
        ) {
            try root.performSegue(withIdentifier: "forgetful", sender: nil) { completions.append($0) }
        }
        #expect(completions == [false])
        #expect(throws: TransitionError.unknownSegueClass(name: "zoom", known: ["forgetful", "instant"])) {
            try root.performSegue(withIdentifier: "unknown", sender: nil)
        }
        try f.advance(1)
        #expect(root.presentedViewController == nil)
        // The destination made for the failed segue was released: the next one takes the declared id.
        let next = try root.performSegue(withIdentifier: "instant", sender: nil)
        #expect(next.destination.id == "details")
    }
}
