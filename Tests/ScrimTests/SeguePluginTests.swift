import Foundation
import Scrim
import ScrimTestSupport
import Testing

/// Segues and view controllers in Lua: the segue role (`perform(segue)`), the controller role
/// (appearance callbacks, `shouldPerformSegue`, `prepareForSegue`, `unwindActions`), and
/// `vc:performSegue`.
@MainActor @Suite struct SeguePluginTests {
    let tick = 1.0 / 60

    /// A host on a temporary directory holding `files`, with `home` as its root view controller
    /// (controlled by the plugin `controller` when given) and a storyboard declaring `details`
    /// (full screen, with an unwind segue `close` → `done`) and the segue classes of the plugins
    /// that play the segue role.
    func scene(
        _ files: [String: String], controller: String? = nil, segues: [SegueTemplate]
    ) throws -> (ScrimHost, ViewController, Storyboard, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-segues-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let home = ViewController(id: "home")
        let host = try ScrimHost(pluginDirectories: [directory])
        let storyboard = Storyboard()
        storyboard.register(
            viewController: "details", segues: [SegueTemplate(identifier: "close", kind: .unwind, trigger: "details.close", action: "done")]
        ) { id in
            let details = ViewController(id: id)
            details.modalPresentationStyle = .fullScreen
            return details
        }
        for plugin in host.plugins where plugin.roles.contains(.segue) {
            storyboard.register(segueClass: plugin.name) { [weak host] identifier, source, destination in
                guard let host else { throw CancellationError() }
                return try host.segue(named: plugin.name, identifier: identifier, source: source, destination: destination)
            }
        }
        home.storyboard = storyboard
        home.segueTemplates = segues
        if let controller { try host.attachController(named: controller, to: home) }
        host.window.rootViewController = home
        return (host, home, storyboard, directory)
    }

    /// Listing 9-2 in Lua (`Tests/seeds/immediate.lua`) and its Swift twin `ImmediateSegue`: the
    /// same segue presents the destination without animation in both.
    @Test func listing9_2InLuaPresentsWithoutAnimationAsItsTwin() throws {
        var windows: [String: [String]] = [:]
        for twin in ["lua", "swift"] {
            let host = try ScrimHost(pluginDirectories: [Repository.seeds])
            let storyboard = Storyboard()
            storyboard.register(viewController: "details") { id in
                let details = ViewController(id: id)
                details.modalPresentationStyle = .fullScreen
                return details
            }
            storyboard.register(segueClass: "immediate") { [weak host] identifier, source, destination in
                guard let host else { throw CancellationError() }
                return twin == "lua"
                    ? try host.segue(named: "immediate", identifier: identifier, source: source, destination: destination)
                    : ImmediateSegue(identifier: identifier, source: source, destination: destination)
            }
            let home = host.rootViewController
            home.storyboard = storyboard
            home.segueTemplates = [SegueTemplate(identifier: "now", kind: .custom, destination: "details", segueClass: "immediate")]
            var completions: [Bool] = []
            let segue = try home.performSegue(withIdentifier: "now", sender: nil) { completions.append($0) }
            #expect(completions == [true])
            host.advance(by: tick)
            #expect(home.presentedViewController === segue.destination)
            #expect(segue.destination.view.presentation.frame == Rect(x: 0, y: 0, width: 390, height: 844))
            windows[twin] = host.window.subviews.map(\.id)
            #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
        }
        #expect(windows["lua"] == ["details.container"])
        #expect(windows["lua"] == windows["swift"])
    }

    /// Listing 9-1 in Lua (`Tests/seeds/alternate.lua`, a controller plugin) and its Swift twin
    /// `AlternateViewController`: the same size changes perform the segue once, dismiss it, and
    /// perform it again with a new instance.
    @Test func listing9_1InLuaPerformsTheSegueWhenTheWindowTurnsAsItsTwin() throws {
        var histories: [String: [String]] = [:]
        for twin in ["lua", "swift"] {
            let root: ViewController = twin == "lua" ? ViewController(id: "portrait") : AlternateViewController(id: "portrait")
            let host = try ScrimHost(pluginDirectories: [Repository.seeds], rootViewController: root)
            let storyboard = Storyboard()
            storyboard.register(viewController: "alternate") { id in
                let alternate = ViewController(id: id)
                alternate.modalPresentationStyle = .fullScreen
                return alternate
            }
            root.storyboard = storyboard
            root.segueTemplates = [SegueTemplate(identifier: "DisplayAlternateView", kind: .present, destination: "alternate")]
            if twin == "lua" { try host.attachController(named: "alternate", to: root) }
            var kept: [ViewController] = []
            var history: [String] = []
            for size in [Size(width: 844, height: 390), Size(width: 800, height: 400), Size(width: 390, height: 844), Size(width: 844, height: 390)] {
                try host.window.setSize(size)
                host.advance(by: 1)
                if let shown = root.presentedViewController { kept.append(shown) }
                history.append(root.presentedViewController?.id ?? "none")
            }
            histories[twin] = history
            #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
        }
        // The first instance is kept alive by the test: the second is numbered.
        #expect(histories["lua"] == ["alternate", "alternate", "none", "alternate#2"])
        #expect(histories["lua"] == histories["swift"])
    }

    @Test func aLuaSegueThatFailsOrNeverShowsItsDestinationChangesNothing() throws {
        let (host, home, _, directory) = try scene(
            [
                "lazy.lua": "local Lazy = {}\nfunction Lazy:perform(segue)\nend\nreturn Lazy\n",
                "broken.lua": "local Broken = {}\nfunction Broken:perform(segue)\n  error('no way')\nend\nreturn Broken\n",
            ],
            segues: [
                SegueTemplate(identifier: "lazy", kind: .custom, destination: "details", segueClass: "lazy"),
                SegueTemplate(identifier: "broken", kind: .custom, destination: "details", segueClass: "broken"),
            ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: TransitionError.segueFailed(
            identifier: "lazy", message: "perform() returned without showing the destination 'details' (present, push or show it)")
        ) {
            try home.performSegue(withIdentifier: "lazy", sender: nil)
        }
        do {
            try home.performSegue(withIdentifier: "broken", sender: nil)
            Issue.record("a failing perform must throw")
        } catch {
            #expect("\(error)".hasPrefix("segue 'broken': perform() threw: "), "\(error)")
            #expect("\(error)".contains("broken.lua:3: no way"), "\(error)")
        }
        let diagnostics = host.scriptDiagnostics.first { $0.key.hasSuffix("broken.lua") }?.value ?? []
        #expect(diagnostics.map(\.range.start.line) == [2])
        host.advance(by: 1)
        #expect(home.presentedViewController == nil)
        #expect(host.window.subviews.map(\.id) == ["home"])
    }

    static let controller = """
        local Home = { unwindActions = {} }

        function Home:viewDidLoad(vc) print("viewDidLoad", vc.id) end
        function Home:viewWillAppear(vc, animated) print("viewWillAppear", vc.id, animated) end
        function Home:viewDidAppear(vc, animated) print("viewDidAppear", vc.id, animated) end
        function Home:viewWillDisappear(vc, animated) print("viewWillDisappear", vc.id, animated) end
        function Home:viewDidDisappear(vc, animated) print("viewDidDisappear", vc.id, animated) end

        function Home:shouldPerformSegue(vc, identifier, sender)
          print("shouldPerformSegue", identifier, sender and sender.id)
          return identifier ~= "locked"
        end

        function Home:prepareForSegue(vc, segue, sender)
          print("prepareForSegue", segue.identifier, segue.kind, segue.source.id, segue.destination.id)
        end

        function Home.unwindActions.done(self, vc, segue)
          print("done", vc.id, segue.source.id, vc.presentedViewController.id)
        end

        return Home
        """

    @Test func aControllerPluginHearsTheCallbacksDecidesSeguesAndUnwinds() throws {
        let (host, home, _, directory) = try scene(
            ["home.lua": Self.controller], controller: "home",
            segues: [
                SegueTemplate(identifier: "open", kind: .present, destination: "details", trigger: "home.card"),
                SegueTemplate(identifier: "locked", kind: .present, destination: "details", trigger: "home.lock"),
            ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(Set(host.plugins.first?.roles ?? []) == [.controller])
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        #expect(printed.isEmpty)
        let card = View(id: "home.card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let lock = View(id: "home.lock", frame: Rect(x: 100, y: 0, width: 100, height: 100))
        home.view.addSubview(card)
        home.view.addSubview(lock)

        let locked = try #require(home.triggeredSegue(for: lock))
        #expect(try home.performTriggeredSegue(locked.template, trigger: lock) == nil)
        let open = try #require(home.triggeredSegue(for: card))
        let segue = try #require(try home.performTriggeredSegue(open.template, trigger: card))
        host.advance(by: 1)
        #expect(home.presentedViewController === segue.destination)
        #expect(printed == [
            "shouldPerformSegue\tlocked\thome.lock", "shouldPerformSegue\topen\thome.card",
            "prepareForSegue\topen\tpresent\thome\tdetails", "viewWillDisappear\thome\ttrue", "viewDidDisappear\thome\ttrue",
        ])
        printed = []

        // The unwind finds home through its plugin's unwindActions.done, run before anything moves.
        try segue.destination.performSegue(withIdentifier: "close", sender: nil)
        host.advance(by: 1)
        #expect(home.presentedViewController == nil)
        #expect(printed == ["done\thome\tdetails\tdetails", "viewWillAppear\thome\ttrue", "viewDidAppear\thome\ttrue"])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func theControllersViewDidLoadRunsWhenAttachedToALoadedViewAndPluginsCallPerformSegue() throws {
        let (host, home, _, directory) = try scene(
            [
                "home.lua": """
                    local Home = {}
                    function Home:viewDidLoad(vc)
                      print("viewDidLoad", vc.id)
                      vc.view:addGestureRecognizer(scrim.PanGestureRecognizer.new{
                        action = function(gesture)
                          if gesture.state ~= "ended" then return end
                          local ok, message = pcall(function() vc:performSegue("nope") end)
                          print(ok, message)
                          vc:performSegue("open")
                        end,
                      })
                    end
                    return Home
                    """,
            ],
            segues: [SegueTemplate(identifier: "open", kind: .present, destination: "details")])
        defer { try? FileManager.default.removeItem(at: directory) }
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        _ = home.view
        try host.attachController(named: "home", to: home)
        #expect(printed == ["viewDidLoad\thome"])
        try host.window.sendPan(.began, at: Point(x: 100, y: 100))
        try host.window.sendPan(.ended, at: Point(x: 150, y: 100))
        host.advance(by: 1)
        #expect(home.presentedViewController?.id == "details")
        let refusal = try #require(printed.last)
        #expect(refusal.hasPrefix("false\t") && refusal.hasSuffix("home.lua:7: performSegue: view controller 'home' has no segue 'nope' (declared: open)"), "\(refusal)")
        #expect(throws: (any Error).self) { try host.attachController(named: "nothing", to: home) }
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func aControllerAnswersCanPerformUnwindAndFollowsItsPluginsReloads() throws {
        let version = { (tag: String) in
            """
            local Home = {}
            function Home:prepareForSegue(vc, segue, sender) print("\(tag)", segue.identifier) end
            function Home:canPerformUnwindSegueAction(vc, action, from, sender)
              return action == "pick" and from.id == "details"
            end
            return Home
            """
        }
        let (host, home, _, directory) = try scene(
            ["home.lua": version("v1")], controller: "home",
            segues: [SegueTemplate(identifier: "open", kind: .present, destination: "details")])
        defer { try? FileManager.default.removeItem(at: directory) }
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        let first = try home.performSegue(withIdentifier: "open", sender: nil)
        host.advance(by: 1)
        // The plugin says home handles "pick" from details (it registered no action of that name).
        first.destination.segueTemplates = [
            SegueTemplate(identifier: "pick", kind: .unwind, action: "pick"),
            SegueTemplate(identifier: "other", kind: .unwind, action: "other"),
        ]
        #expect(throws: TransitionError.noUnwindDestination(identifier: "other", action: "other", source: "details")) {
            try first.destination.performSegue(withIdentifier: "other", sender: nil)
        }
        let unwind = try first.destination.performSegue(withIdentifier: "pick", sender: nil)
        #expect(unwind.destination === home)
        host.advance(by: 1)
        #expect(home.presentedViewController == nil)

        // Rewritten and reloaded: the attached controller is the new version from now on.
        try version("v2").write(to: directory.appendingPathComponent("home.lua"), atomically: true, encoding: .utf8)
        #expect(host.reload("home") == ["home"])
        try home.performSegue(withIdentifier: "open", sender: nil)
        host.advance(by: 1)
        #expect(printed == ["v1\topen", "v2\topen"])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func aLuaUnwindActionThatFailsStopsTheUnwindBeforeAnythingMoves() throws {
        let (host, home, _, directory) = try scene(
            ["home.lua": "local Home = { unwindActions = {} }\nfunction Home.unwindActions.done(self, vc, segue)\n  error('not now')\nend\nreturn Home\n"],
            controller: "home", segues: [SegueTemplate(identifier: "open", kind: .present, destination: "details")])
        defer { try? FileManager.default.removeItem(at: directory) }
        let details = try home.performSegue(withIdentifier: "open", sender: nil).destination
        host.advance(by: 1)
        var completions: [Bool] = []
        do {
            try details.performSegue(withIdentifier: "close", sender: nil) { completions.append($0) }
            Issue.record("a failing unwind action must stop the unwind")
        } catch {
            #expect("\(error)".hasPrefix("segue 'close': unwind action 'done' of 'home' threw: "), "\(error)")
            #expect("\(error)".contains("home.lua:3: not now"), "\(error)")
        }
        #expect(completions == [false])
        host.advance(by: 1)
        #expect(home.presentedViewController === details)
        let diagnostics = host.scriptDiagnostics.first { $0.key.hasSuffix("home.lua") }?.value ?? []
        #expect(diagnostics.map(\.range.start.line) == [2])
    }
}
