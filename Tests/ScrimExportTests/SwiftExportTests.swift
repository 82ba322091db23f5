import Foundation
import ScrimCore
import ScrimExport
import ScrimHost
import ScrimPlayback
import ScrimTestSupport
import Testing

/// What the export holds and writes for the shipped plugins: the views, where they come from,
/// the header, the names.
@MainActor @Suite struct SwiftExportTests {
    @Test func popExportsItsPresentationAndDismissalOfTheDetailsView() throws {
        let export = try ExportFixtures.popWithDismissal.exportSwift(generation: 3)
        #expect(export.typeName == "PopTransition" && export.fileName == "PopTransition.swift")
        let presentation = try #require(export.transitions.first)
        #expect(presentation.kind == .presentation && presentation.from == "nav" && presentation.to == "details")
        #expect(abs(presentation.duration - 0.8) < 1e-9)
        #expect(presentation.views.map(\.source) == [.scene(id: "details")])
        #expect(presentation.views[0].tracks.map(\.property) == [.position, .transform, .cornerRadius])
        // A 0.8 s spring: tens of keyframes per property, not one a frame.
        for track in presentation.views[0].tracks {
            #expect(track.keyTimes.count < presentation.frameCount, "\(track.property): \(track.keyTimes.count)")
        }
        // As Docs/Export.md says: 31, 30 and 13 of the 49 frames.
        #expect(presentation.frameCount == 49)
        #expect(presentation.views[0].tracks.map(\.keyTimes.count) == [31, 30, 13])
        #expect(export.source.contains("// Exported by `scrim export --swift` (Scrim \(ScrimVersion.current)) from pop.lua, generation 3."))
        #expect(export.source.contains("//   --dismiss"))
        #expect(export.source.contains("final class PopTransition: NSObject, UIViewControllerTransitioningDelegate"))
        #expect(export.source.contains("final class PopTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning"))
        #expect(export.source.contains("let details = viewForID(\"details\")"))
        #expect(export.source.contains("details.layer.position = CGPoint(x: 195, y: 422)"))
        #expect(!export.source.contains("!."))
        #expect(export.file == .init(name: "PopTransition.swift", bytes: Data(export.source.utf8)))
    }

    @Test func dimmingCreatesItsDimmingViewInCodeAndFindsItAgainForTheDismissal() throws {
        let export = try ExportFixtures.scenario("dimming").exportSwift()
        #expect(export.transitions.map(\.kind) == [.presentation, .dismissal])
        let presentation = export.transitions[0], dismissal = export.transitions[1]
        let dimming = try #require(presentation.views.first { $0.id == "details.dimming" })
        #expect(dimming.source == .created(id: "details.dimming", name: nil))
        #expect(dimming.parent == .container && dimming.index == 0)
        #expect(dimming.tracks.map(\.property) == [.opacity])
        #expect(dimming.tracks[0].values.first == [0] && dimming.tracks[0].values.last == [0.4])
        let again = try #require(dismissal.views.first { $0.id == "details.dimming" })
        #expect(again.source == .existing(id: "details.dimming") && again.isRemovedAtEnd)
        #expect(export.source.contains("let detailsDimming = UIView()"))
        #expect(export.source.contains("detailsDimming.accessibilityIdentifier = \"details.dimming\""))
        #expect(export.source.contains("container.insertSubview(detailsDimming, at: 0)"))
        #expect(export.source.contains("let detailsDimming = container.subviews.first { $0.accessibilityIdentifier == \"details.dimming\" }"))
    }

    @Test func flipTakesASnapshotOfTheCardAndSetsTheContainersPerspective() throws {
        let export = try ExportFixtures.scenario("flip").exportSwift()
        let presentation = try #require(export.transitions.first)
        let sources = presentation.views.map(\.source)
        #expect(sources.contains(.snapshot(of: "card2")) && sources.contains(.scene(id: "card2")) && sources.contains(.container))
        let card = try #require(presentation.views.first { $0.source == .scene(id: "card2") })
        #expect(card.isHiddenAtStart && card.tracks.isEmpty && !card.isRemovedAtEnd)
        let container = try #require(presentation.views.first { $0.source == .container })
        #expect(container.start.sublayerTransform.m34 == -1.0 / 800)
        #expect(export.source.contains("let snapshotOfCard2 = viewForID(\"card2\")?.snapshotView(afterScreenUpdates: false)"))
        #expect(export.source.contains("container.layer.add("))
        #expect(!export.source.contains("card2?.removeFromSuperview()"))
    }

    @Test func anInteractiveDismissalIsExportedAsItsAnimatorsOwnTimeline() throws {
        // sheet.json drags the dismissal; the export gives it a finish as it begins instead.
        let export = try ExportFixtures.scenario("sheet").exportSwift()
        let dismissal = try #require(export.transitions.first { $0.kind == .dismissal })
        #expect(dismissal.interactive)
        #expect(export.source.contains("(interactive: its animator's own timeline)"))
    }

    /// A segue from `detail` to its own declaration presents a second instance, `detail#2`: its
    /// views are the scene's `detail` and `detail.title`, found by their declared ids in the app.
    @Test func aSecondInstancesViewsAreExportedAsTheDeclaredOnes() throws {
        let folder = try temporaryDirectory([
            "scene.json": """
                { "window": { "width": 390, "height": 844 }, "root": "nav", "viewControllers": [
                  { "id": "nav", "kind": "navigation", "children": ["list"], "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } } },
                  { "id": "list", "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } } },
                  { "id": "detail", "modalPresentationStyle": "fullScreen",
                    "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 }, "subviews": [
                      { "id": "detail.title", "frame": { "x": 20, "y": 60, "width": 350, "height": 40 } } ] },
                    "segues": [ { "identifier": "more", "kind": "present", "destination": "detail" } ] } ] }
                """,
            "twice.json": """
                { "plugin": "\(Repository.plugins.appendingPathComponent("pop.lua").path)", "scene": "scene.json",
                  "steps": [ { "push": "detail" }, { "segue": "more" } ] }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var playback = TransitionPlayback(fps: 60)
        playback.use(try Scenario(contentsOf: folder.appendingPathComponent("twice.json")))
        let export = try playback.exportSwift()
        #expect(export.transitions.map(\.kind) == [.push, .presentation])
        let presentation = export.transitions[1]
        #expect(presentation.to == "detail#2")
        #expect(presentation.views.map(\.source) == [.scene(id: "detail")])
        #expect(presentation.views.map(\.tracks.isEmpty) == [false])
        #expect(export.source.contains("Ids used: \"detail\"."))
        #expect(!export.source.contains("#2\")"))
    }

    @Test func declaredIDsOfInstances() {
        let declared: Set<String> = ["detail", "detail.title", "card#2"]
        #expect(SceneStoryboard.declaredID(of: "detail", in: declared) == "detail")
        #expect(SceneStoryboard.declaredID(of: "detail.title#3", in: declared) == "detail.title")
        // A declared id with a # is itself; a suffix must be an instance's (2 on, no sign or zeros).
        #expect(SceneStoryboard.declaredID(of: "card#2", in: declared) == "card#2")
        for id in ["detail#1", "detail#02", "detail#+2", "detail#", "other#2", "detail.title#2#2"] {
            #expect(SceneStoryboard.declaredID(of: id, in: declared) == nil, "\(id)")
        }
    }

    @Test func aPlaybackWithoutATransitionIsNothingToExport() throws {
        var playback = try ExportFixtures.scenario("zoomsegue")
        playback.scene = Repository.plugins.appendingPathComponent("scenarios/cards.json")
        #expect(throws: ExportError.self) { try playback.exportSwift() }
    }

    @Test(arguments: [("pop.lua", "PopTransition"), ("zoom-segue.lua", "ZoomSegueTransition"), ("3d.lua", "T3dTransition"), ("fade transition.lua", "FadeTransition")])
    func theTypeNameComesFromThePluginFile(file: String, name: String) {
        #expect(SwiftSourceWriter.typeName(forPlugin: file) == name)
    }

    @Test func identifiersAndLiteralsAreValidSwift() {
        #expect(SwiftSourceWriter.identifier("details.dimming") == "detailsDimming")
        #expect(SwiftSourceWriter.identifier("2nd card") == "_2ndCard")
        #expect(SwiftSourceWriter.literal("a \"b\"\\\n") == "\"a \\\"b\\\"\\\\\\n\"")
        #expect(SwiftSourceWriter.number(0.123456) == "0.1235" && SwiftSourceWriter.number(-0.00001) == "0" && SwiftSourceWriter.number(20) == "20")
    }
}
