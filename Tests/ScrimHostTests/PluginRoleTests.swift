import Foundation
import ScrimCore
import ScrimHost
import ScrimTestSupport
import Testing

/// Lua and Swift roles mixed in one transition, and role methods that break their contract.
@MainActor @Suite struct PluginRoleTests {
    func host(_ files: [String: String]) throws -> ScrimHost {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-roles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return try ScrimHost(plugins: url)
    }

    func diagnostics(_ host: ScrimHost, _ file: String) -> [ScriptDiagnostic] {
        host.scriptDiagnostics.first { $0.key.hasSuffix(file) }?.value ?? []
    }

    /// What a presentation's completion said, once it ran.
    final class Completion {
        var finished: Bool?
    }

    /// Presents `details` with `delegate` and advances `seconds`.
    func present(_ host: ScrimHost, _ delegate: any TransitioningDelegate, style: ModalPresentationStyle = .fullScreen, seconds: Double)
        throws -> (ViewController, Completion)
    {
        let details = ViewController(id: "details")
        details.modalPresentationStyle = style
        details.transitioningDelegate = delegate
        let completion = Completion()
        try host.rootViewController.present(details, animated: true) { completion.finished = $0 }
        host.advance(by: seconds)
        return (details, completion)
    }

    /// Presents with `delegate` for half a second, expects the transition to end cancelled, and
    /// returns the diagnostics of `file`, which must hold exactly one.
    func cancelledPresentation(
        _ host: ScrimHost, _ delegate: any TransitioningDelegate, style: ModalPresentationStyle = .fullScreen, file: String
    ) throws -> ScriptDiagnostic? {
        let (_, completed) = try present(host, delegate, style: style, seconds: 0.5)
        #expect(completed.finished == false)
        let found = diagnostics(host, file)
        #expect(found.count == 1)
        return found.first
    }

    /// A plugin whose top level fails on its line 3 (index 2): it does not load.
    static let broken = "local A = {}\nlocal x = nil\nx.field = 1\nreturn A"

    static let fadeDelegate = """
        local Chooser = {}
        function Chooser:animationControllerForPresented(presented, presenting, source)
          return "slide"
        end
        function Chooser:animationControllerForDismissed(dismissed)
          return scrim.plugin("slide", { duration = 2 })
        end
        return Chooser
        """

    @Test func aLuaDelegateVendsASwiftAnimatorByName() throws {
        let host = try host(["chooser.lua": Self.fadeDelegate])
        var made: [Double] = []
        host.register(animator: "slide") { options in
            let duration = options["duration"]?.number ?? 1
            made.append(duration)
            return SlideAnimator(duration: duration)
        }
        let delegate = try host.delegate(named: "chooser")
        let (details, completed) = try present(host, delegate, seconds: 0.5)
        // The Swift slide (1 s, linear from the right edge) is halfway.
        #expect(abs(details.view.presentation.frame.minX - 390 * (1 - (0.5 - 1.0 / 60))) < 1e-9)
        host.advance(by: 0.6)
        #expect(completed.finished == true)
        #expect(host.rootViewController.presentedViewController === details)
        try details.dismiss(animated: true)
        host.advance(by: 2.1)
        #expect(made == [1, 2])
        #expect(host.rootViewController.presentedViewController == nil)
        #expect(diagnostics(host, "chooser.lua").isEmpty)
    }

    @Test func aSwiftDelegateMixesALuaAnimatorWithASwiftPresentationController() throws {
        let host = try host(["fade.lua": """
            local Fade = {}
            function Fade:transitionDuration(ctx) return 0.4 end
            function Fade:animateTransition(ctx)
              local view = ctx:view("to")
              ctx.containerView:addSubview(view)
              view.frame = ctx:finalFrame(ctx:viewController("to"))
              view.alpha = 0
              scrim.animate{ duration = 0.4, curve = "linear", animations = function() view.alpha = 1 end,
                completion = function() ctx:completeTransition(true) end }
            end
            return Fade
            """])
        host.register(presentation: "dimming") { _, presented, presenting in
            DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        }
        let delegate = try host.delegate(animator: "fade", presentation: "dimming")
        let (details, completed) = try present(host, delegate, style: .custom, seconds: 0.2)
        #expect(abs(details.view.presentation.alpha - (0.2 - 1.0 / 60) / 0.4) < 1e-9)
        // The Swift presentation controller laid the presented view out on the right half.
        #expect(details.view.frame == Rect(x: 195, y: 0, width: 195, height: 844))
        host.advance(by: 0.3)
        #expect(diagnostics(host, "fade.lua").map(\.message) == [])
        #expect(completed.finished == true)
    }

    /// UIKit's delegate that is its own animator (`return self`): the animator is the delegate's
    /// very instance, its options and state with it; a name makes a fresh instance with the
    /// options given (`{}` for a bare name).
    @Test func aDelegateReturningSelfVendsItselfOptionsAndAll() throws {
        let host = try host(["fade.lua": """
            local Fade = { duration = 0.3 }
            function Fade.new(options) return { tint = options.tint or "none", presented = 0 } end
            function Fade:animationControllerForPresented(presented, presenting, source)
              self.presented = self.presented + 1
              return self
            end
            function Fade:animationControllerForDismissed(dismissed) return "fade" end
            function Fade:animateTransition(ctx)
              print(ctx.isPresenting and "present" or "dismiss", self.tint, self.presented)
              if ctx.isPresenting then ctx.containerView:addSubview(ctx:view("to")) end
              ctx:completeTransition(true)
            end
            return Fade
            """])
        var printed: [String] = []
        _ = host.onLog { printed.append($0.text) }
        let delegate = try host.delegate(named: "fade", options: ["tint": .string("blue")])
        let (details, presented) = try present(host, delegate, seconds: 0.5)
        #expect(presented.finished == true)
        var dismissed: Bool?
        try details.dismiss(animated: true) { dismissed = $0 }
        host.advance(by: 0.5)
        #expect(dismissed == true)
        #expect(printed == ["present\tblue\t1", "dismiss\tnone\t0"])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func aDelegateReturningSelfForAnotherRoleIsReportedOnItsLine() throws {
        let host = try host(["chooser.lua": """
            local Chooser = { duration = 0.2 }
            function Chooser:animateTransition(ctx) ctx:completeTransition(true) end
            function Chooser:animationControllerForPresented() return scrim.plugin("chooser", {}) end
            function Chooser:presentationControllerForPresented(presented, presenting, source)
              return self
            end
            return Chooser
            """])
        let found = try cancelledPresentation(host, try host.delegate(named: "chooser"), style: .custom, file: "chooser.lua")
        #expect(found?.range.start.line == 3)
        #expect(found?.message.hasSuffix(
            "presentationControllerForPresented returned the delegate itself, which can vend itself only as an animator; return a role's name or a table") == true)
    }

    @Test func aDelegateMethodReturningTheWrongTypeIsReportedOnItsLine() throws {
        let host = try host(["chooser.lua": """
            local Chooser = {}

            function Chooser:animationControllerForPresented(presented, presenting, source)
              return 42
            end
            return Chooser
            """])
        let found = try cancelledPresentation(host, try host.delegate(named: "chooser"), file: "chooser.lua")
        #expect(found?.range.start.line == 2)
        #expect(found?.message.contains("must return a plugin name, scrim.plugin(name, options), a table or nil; got number") == true)
    }

    @Test func anUnknownVendedNameIsReportedOnTheMethodsLine() throws {
        let host = try host(["chooser.lua": """
            local Chooser = {}
            function Chooser:animationControllerForPresented(presented, presenting, source)
              return "slid"
            end
            return Chooser
            """])
        host.register(animator: "slide") { _ in SlideAnimator() }
        let found = try cancelledPresentation(host, try host.delegate(named: "chooser"), file: "chooser.lua")
        #expect(found?.range.start.line == 1)
        #expect(found?.message.hasSuffix("no animator named 'slid'; known: slide") == true)
    }

    static func presentation(_ body: String) -> String {
        """
        local Panel = {}
        function Panel:presentationTransitionWillBegin() end

        \(body)
        return Panel
        """
    }

    @Test func aFrameOfTheWrongTypeIsReportedWithItsTypeNotAsNaN() throws {
        let host = try host(["panel.lua": Self.presentation("""
            function Panel:frameOfPresentedViewInContainerView()
              return "right half"
            end
            """)])
        host.register(animator: "slide") { _ in SlideAnimator(duration: 0.3) }
        let found = try cancelledPresentation(
            host, try host.delegate(animator: "slide", presentation: "panel"), style: .custom, file: "panel.lua")
        #expect(found?.range.start.line == 3)
        // The diagnostic names what the plugin returned (the host used the default frame meanwhile).
        #expect(found?.message == "frameOfPresentedViewInContainerView result: expected a rect {x, y, width, height}, got string")
    }

    @Test func aPresentedViewOfTheWrongTypeIsReported() throws {
        let host = try host(["panel.lua": Self.presentation("""
            function Panel:presentedView()
              return 7
            end
            """)])
        host.register(animator: "slide") { _ in SlideAnimator(duration: 0.3) }
        let found = try cancelledPresentation(
            host, try host.delegate(animator: "slide", presentation: "panel"), style: .custom, file: "panel.lua")
        #expect(found?.range.start.line == 3)
        #expect(found?.message == "presentedView result: expected a view, got number")
    }

    /// A host whose plugins fail in each way a role can: one does not load, one plays another
    /// role, two constructors fail (raising, returning a number); and a controller and a segue.
    func hostWithRolesThatFail() throws -> ScrimHost {
        try host([
            "broken.lua": Self.broken,
            "chooser.lua": Self.fadeDelegate,
            "failing.lua": "local D = {}\nfunction D.new(options) error('no, thanks', 0) end\nfunction D:animationControllerForDismissed() end\nreturn D",
            "number.lua": "local D = {}\nfunction D.new(options)\n  return 42\nend\nfunction D:animationControllerForDismissed() end\nreturn D",
            "home.lua": "local C = {}\nfunction C:viewDidLoad(vc) end\nreturn C",
            "zoom.lua": "local S = {}\nfunction S.new(options) error('no zoom today', 0) end\nfunction S:perform(segue) end\nreturn S",
        ])
    }

    /// Docs/Embedding.md, "`HostError`": why a role cannot be made is the error's case.
    @Test func theHostErrorSaysWhyARoleCannotBeMade() throws {
        let host = try hostWithRolesThatFail()
        func error(_ make: () throws -> Any) -> HostError? {
            do { _ = try make() } catch let error as HostError { return error } catch {}
            return nil
        }
        let path = { (file: String) in try #require(host.scriptDiagnostics.keys.first { $0.hasSuffix("/" + file) }) }
        #expect(error { try host.delegate(animator: "nobody") } == .unknownRole(kind: .animator, name: "nobody", known: []))
        guard case .pluginFailedToLoad(.animator, "broken", let brokenPath, let first)? = error({ try host.delegate(animator: "broken") })
        else {
            Issue.record("a plugin file that failed to load is not pluginFailedToLoad")
            return
        }
        #expect(brokenPath == (try path("broken.lua")))
        #expect(first.range.start.line == 2)
        #expect(
            error { try host.delegate(presentation: "chooser") }
                == .notARole(kind: .presentation, name: "chooser", path: try path("chooser.lua"), plays: [.delegate]))
        #expect(error { try host.delegate(named: "failing") } == .constructorFailed(kind: .delegate, name: "failing", message: "no, thanks"))
        #expect(
            error { try host.delegate(named: "number") }
                == .constructorBadResult(
                    kind: .delegate, name: "number",
                    message: "\(try path("number.lua")):2: new(options) must return a table (the instance), got number"))
    }

    /// Segue and controller plugins are found as every role is, so a missing, broken, miscast or
    /// failing one says why as the other roles do.
    @Test func theHostErrorSaysWhyASegueOrControllerCannotBeMade() throws {
        let host = try hostWithRolesThatFail()
        let source = ViewController(id: "source"), destination = ViewController(id: "destination")
        func segueError(_ name: String) -> HostError? {
            do { _ = try host.segue(named: name, identifier: "open", source: source, destination: destination) } catch { return error }
            return nil
        }
        func controllerError(_ name: String) -> HostError? {
            do { try host.attachController(named: name, to: source) } catch { return error }
            return nil
        }
        let path = { (file: String) in try #require(host.scriptDiagnostics.keys.first { $0.hasSuffix("/" + file) }) }
        #expect(segueError("zom") == .unknownRole(kind: .segue, name: "zom", known: ["zoom"]))
        #expect(controllerError("hom") == .unknownRole(kind: .controller, name: "hom", known: ["home"]))
        #expect(controllerError("hom")?.description == "no controller named 'hom'; known: home")
        guard case .pluginFailedToLoad(.controller, "broken", let brokenPath, let first)? = controllerError("broken") else {
            Issue.record("a controller plugin that failed to load is not pluginFailedToLoad")
            return
        }
        #expect(brokenPath == (try path("broken.lua")) && first.range.start.line == 2)
        #expect(controllerError("chooser") == .notARole(kind: .controller, name: "chooser", path: try path("chooser.lua"), plays: [.delegate]))
        #expect(segueError("home") == .notARole(kind: .segue, name: "home", path: try path("home.lua"), plays: [.controller]))
        #expect(segueError("zoom") == .constructorFailed(kind: .segue, name: "zoom", message: "no zoom today"))
        #expect(source.script == nil)
        try host.attachController(named: "home", to: source)
        #expect(source.script != nil)
    }

    @Test func anErrorAtLoadIsADiagnosticAndThePluginIsAbsent() throws {
        let host = try host(["broken.lua": Self.broken])
        #expect(host.plugins.isEmpty)
        let found = diagnostics(host, "broken.lua")
        #expect(found.map(\.range.start.line) == [2])
        #expect(found.first?.message.contains("attempt to index a nil value") == true)
        #expect(throws: HostError.self) { _ = try host.delegate(animator: "broken") }
    }

    /// Docs/LuaAPI.md, "A plugin is one Lua file": an editor's hidden temporary file and a type
    /// declaration are not loaded at start-up (the watcher ignores them too).
    @Test func hiddenAndTypeDeclarationFilesAreNotLoaded() throws {
        let animator = "return { transitionDuration = function() return 0.1 end, animateTransition = function(self, ctx) ctx:completeTransition(true) end }"
        let host = try host(["fade.lua": animator, ".fade.lua": animator, ".swap.lua": animator, "types.d.lua": animator])
        #expect(host.plugins.map(\.name) == ["fade"])
        #expect(host.unloadedPluginFiles.isEmpty)
        #expect(host.scriptDiagnostics.keys.allSatisfy { $0.hasSuffix("/fade.lua") })
        #expect(ScrimHost.isPluginFileName("/x/fade.lua"))
        #expect(!ScrimHost.isPluginFileName("/x/.fade.lua"))
        #expect(!ScrimHost.isPluginFileName("/x/scrim.d.lua"))
        #expect(!ScrimHost.isPluginFileName("/x/scene.json"))
    }

    /// An uncaught error in a callback Swift calls later (an animation's completion) is a fault of
    /// the role whose method made the callback, not always the animator's.
    @Test(arguments: [
        ("presentationTransitionWillBegin", "presentation", TransitionRole.presentationController),
        ("startInteractiveTransition", "interaction", TransitionRole.interactionController),
    ])
    func anUncaughtErrorIsAFaultOfTheRoleThatRaisedIt(method: String, kind: String, role: TransitionRole) throws {
        let host = try host(["failing.lua": """
            local Failing = { percentDriven = true }
            function Failing:\(method)(ctx)
              scrim.animate(0.1, function() end, function() error("completion broke") end)
            end
            return Failing
            """])
        host.register(animator: "slide") { _ in SlideAnimator(duration: 1) }
        var faults: [TransitionDiagnostic] = []
        host.onTransition { event in
            if case .diagnostic(let diagnostic) = event { faults.append(diagnostic) }
        }
        let delegate =
            kind == "presentation"
            ? try host.delegate(animator: "slide", presentation: "failing")
            : try host.delegate(animator: "slide", interaction: "failing")
        let (_, completed) = try present(host, delegate, style: kind == "presentation" ? .custom : .fullScreen, seconds: 0.5)
        #expect(completed.finished == false)
        #expect(faults.map(\.role) == [role])
        #expect(faults.first?.object == "failing")
        #expect(faults.first?.message.hasPrefix("animation completion failed: ") == true)
    }

    @Test func completingTwiceIsReportedOnTheFile() throws {
        let host = try host(["twice.lua": """
            local A = {}
            function A:transitionDuration(ctx) return 0.1 end
            function A:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              ctx:completeTransition(true)
              ctx:completeTransition(true)
            end
            return A
            """])
        let (_, completed) = try present(host, try host.delegate(animator: "twice"), seconds: 0.5)
        #expect(completed.finished == true)
        let found = diagnostics(host, "twice.lua")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("completeTransition") == true)
    }

    @Test func requireLoadsAnotherPluginFileAndNothingElse() throws {
        let host = try host([
            "easing.lua": "local M = {}\nfunction M.half(x) return x / 2 end\nreturn M",
            "user.lua": """
                local easing = require("easing")
                local A = { duration = easing.half(0.8) }
                function A:transitionDuration(ctx) return self.duration end
                function A:animateTransition(ctx) ctx:completeTransition(true) end
                local ok, message = pcall(require, "io")
                assert(not ok and message:find("plugins may require 'scrim' and plugin files only"), message)
                assert(require("scrim") == scrim)
                return A
                """,
        ])
        #expect(diagnostics(host, "user.lua").isEmpty)
        let animator = try host.delegate(animator: "user").animationController(forDismissed: host.rootViewController)
        #expect(try animator?.transitionDuration(using: nil) == 0.4)
    }

    /// `require` answers a coroutine with the module on the coroutine's own stack (it once
    /// answered with the module's name, pushed on the main thread).
    @Test func requireInsideACoroutineReturnsTheModule() throws {
        let host = try host([
            "easing.lua": "return { value = 42 }",
            "user.lua": """
                local easing = coroutine.wrap(function() return require("easing") end)()
                local module = coroutine.wrap(function() return require("scrim") end)()
                assert(type(easing) == "table" and easing.value == 42, "require('easing') gave " .. tostring(easing))
                assert(module == scrim, "require('scrim') gave " .. tostring(module))
                local A = {}
                function A:transitionDuration(ctx) return easing.value / 100 end
                function A:animateTransition(ctx) ctx:completeTransition(true) end
                return A
                """,
        ])
        #expect(diagnostics(host, "user.lua").isEmpty)
        let animator = try host.delegate(animator: "user").animationController(forDismissed: host.rootViewController)
        #expect(try animator?.transitionDuration(using: nil) == 0.42)
    }
}
