import Foundation
import Testing

/// `scrim run --segue IDENTIFIER [--tap VIEW_ID]` on the demo storyboard: the segue runs from code
/// or from a tap, animated by the plugin, and the timeline shows it.
@Suite struct ScrimRunSegueTests {
    @Test func aTapOnTheSecondCardPushesTheDetailsOutOfIt() async throws {
        let result = try await ScrimExecutable.run(["run", "--segue", "showRecipe2", "--tap", "card2", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") || $0.contains("> ") }
        #expect(events == [
            "0.0000  > tap at (195, 440) on card2", "== segue showRecipe2 (show, home → details) ==",
            "== push (transition 1, home → details) ==", "0.1000  * transition 1 began",
            "0.9000  * transition 1 completed",
        ])
        // pop.lua springs the details out of the tapped card: its originFrame is card2's frame.
        let first = try #require(result.stdoutLines.first { $0.hasPrefix("0.1000  details") })
        #expect(ScrimRunTests.cells(first)[2] == "(20.00, 340.00, 350.00, 200.00)")
    }

    @Test func aSegueFromCodeWithTheShippedSlide() async throws {
        let result = try await ScrimExecutable.run(["run", "Plugins/slide.lua", "--segue", "showRecipe1", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") }
        #expect(events == [
            "== segue showRecipe1 (show, home → details) ==",
            "== push (transition 1, home → details) ==", "0.1000  * transition 1 began", "0.5000  * push completion(true)",
            "0.5000  * transition 1 completed",
        ])
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("0.3000  details") })
        #expect(ScrimRunTests.cells(row)[2] == "(147.59, 0.00, 390.00, 844.00)")
    }

    @Test func wrongSeguesTapsAndCombinationsAreRefused() async throws {
        let unknown = try await ScrimExecutable.run(["run", "--segue", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains(
            "scrim run: --segue nope: no view controller of the scene declares it (segues: showRecipe1, showRecipe2, showRecipe3, showInfo, close)"))
        let noView = try await ScrimExecutable.run(["run", "--segue", "showRecipe1", "--tap", "nothing"])
        #expect(noView.status == 1)
        #expect(noView.stderr.contains("scrim run: --tap nothing: no view with that id in the window"))
        let otherSegue = try await ScrimExecutable.run(["run", "--segue", "showRecipe3", "--tap", "card1"])
        #expect(otherSegue.status == 1)
        #expect(otherSegue.stderr.contains(
            "scrim run: --tap card1: a tap at its center (on card1) runs segue 'showRecipe1', not --segue showRecipe3 (its trigger is 'card3')"))
        #expect(otherSegue.stdout.isEmpty)
        let noSegue = try await ScrimExecutable.run(["run", "--segue", "showRecipe2", "--tap", "home.title"])
        #expect(noSegue.status == 1)
        #expect(noSegue.stderr.contains(
            "scrim run: --tap home.title: a tap at its center (on home) runs no segue, not --segue showRecipe2 (its trigger is 'card2')"))
        let unwind = try await ScrimExecutable.run(["run", "--segue", "close"])
        #expect(unwind.status == 1)
        #expect(unwind.stderr.contains("found no view controller that handles 'unwindToRecipes': nothing changed"))
        let tapAlone = try await ScrimExecutable.run(["run", "--tap", "card1"])
        #expect(tapAlone.status == 2)
        #expect(tapAlone.stderr.contains("--tap goes with --segue (the tap triggers the segue)"))
        let withPush = try await ScrimExecutable.run(["run", "--segue", "showRecipe1", "--push"])
        #expect(withPush.status == 2)
        #expect(withPush.stderr.contains("--push, --dismiss and --style do not go with it"))
    }

    @Test func theShippedZoomSegueRunsUntilItsOwnAnimationEnds() async throws {
        let directory = try ScrimRunTests.directory([
            "cards.json": """
                { "window": { "width": 390, "height": 844 }, "root": "list", "viewControllers": [
                  { "id": "list", "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 }, "subviews": [
                      { "id": "card1", "frame": { "x": 20, "y": 120, "width": 350, "height": 200 }, "cornerRadius": 20 } ] },
                    "segues": [ { "identifier": "zoom", "kind": "custom", "segueClass": "zoomsegue", "destination": "detail", "trigger": "card1" } ] },
                  { "id": "detail", "modalPresentationStyle": "fullScreen",
                    "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } } } ] }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run([
            "run", "Plugins/zoomsegue.lua", "--scene", directory.appendingPathComponent("cards.json").path, "--segue", "zoom",
            "--tap", "card1", "--fps", "10",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdoutLines.filter { $0.contains("  detail  ") }
        // Presented at once, then zoomed out of the card for 0.45 s (ease-in-out): the run ends with it.
        #expect(rows.first.map { ScrimRunTests.cells($0)[2] } == "(20.00, 120.00, 350.00, 200.00)")
        #expect(rows.last.map { ScrimRunTests.cells($0)[0] } == "0.6000")
        #expect(rows.last.map { ScrimRunTests.cells($0)[2] } == "(0.00, 0.00, 390.00, 844.00)")
        #expect(rows.count == 6)
    }

    /// The demo's details declare a popover anchor (the first card): `--style popover` presents
    /// them (adapted to full screen: the demo's window is compact).
    @Test func theDemosDetailsCanBePresentedAsAPopover() async throws {
        let result = try await ScrimExecutable.run(["run", "--style", "popover", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("* ") }
        #expect(events == ["0.1000  * transition 1 began", "0.9000  * present completion(true)", "0.9000  * transition 1 completed"])
    }
}
