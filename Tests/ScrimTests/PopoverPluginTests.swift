import Foundation
import Scrim
import ScrimTestSupport
import Testing
import ScrimHost

/// Docs/LuaAPI.md, "View controllers": a Lua animator reads the presented view controller's
/// `popoverPresentationController` (read-only) while a popover is presented.
@MainActor @Suite struct PopoverPluginTests {
    @Test func aLuaAnimatorReadsThePopoverController() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-popover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            local A = {}
            function A:transitionDuration(ctx) return 0.2 end
            function A:animateTransition(ctx)
              local shown = ctx:viewController(ctx.isPresenting and "to" or "from")
              local popover = shown.popoverPresentationController
              local passthrough = {}
              for _, view in ipairs(popover.passthroughViews) do passthrough[#passthrough + 1] = view.id end
              print(shown.modalPresentationStyle, popover.sourceView.id, tostring(popover.sourceRect),
                table.concat(popover.permittedArrowDirections, ","), popover.arrowDirection,
                table.concat(passthrough, ","), tostring(popover.backgroundColor))
              print(tostring(ctx:viewController("from").popoverPresentationController))
              local ok, message = pcall(function() popover.sourceRect = scrim.Rect(0, 0, 1, 1) end)
              print(ok, (tostring(message):gsub("^[^:]+:%d+: ", "")))
              if ctx.isPresenting then ctx.containerView:addSubview(ctx:view("to")) end
              ctx:completeTransition(true)
            end
            return A
            """.write(to: directory.appendingPathComponent("peek.lua"), atomically: true, encoding: .utf8)
        let home = ViewController(id: "home")
        let host = try ScrimHost(pluginDirectories: [directory], windowSize: Size(width: 1024, height: 768), rootViewController: home)
        var printed: [String] = []
        host.onLog { printed.append($0.text) }
        let button = View(id: "button", frame: Rect(x: 500, y: 100, width: 60, height: 30))
        let other = View(id: "other", frame: Rect(x: 0, y: 700, width: 60, height: 30))
        home.view.addSubview(button)
        home.view.addSubview(other)
        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = button
        controller.permittedArrowDirections = [.down, .left]
        controller.passthroughViews = [other]
        controller.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        popover.transitioningDelegate = try host.delegate(animator: "peek")
        try home.present(popover, animated: true)
        host.advance(by: 1)
        #expect(printed == [
            "popover\tbutton\tRect(0, 0, 60, 30)\tdown,left\tleft\tother\tColor(1, 1, 1, 1)", "nil",
            "false\tpopover presentation controllers are read-only in plugins (field 'sourceRect')",
        ])
        #expect(host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }
}
