import Foundation
import ScrimExport
import ScrimHost
import ScrimPlayback
import ScrimTestSupport

/// The shipped plugins' playbacks the export tests use: each plugin with its scenario
/// (`Plugins/scenarios/NAME.json`), or the demo presentation and dismissal.
enum ExportFixtures {
    /// The plugins whose scenario plays transitions to export (zoomsegue's segue animates itself:
    /// no transition runs).
    static let scenarioPlugins = ["crossfade", "cube", "diagonal", "dimming", "flip", "parallax", "pop", "sheet", "slide", "swipe"]

    /// `NAME.lua` played with its scenario.
    static func scenario(_ name: String) throws -> TransitionPlayback {
        var playback = TransitionPlayback(fps: 60)
        playback.use(try Scenario(contentsOf: Repository.plugins.appendingPathComponent("scenarios/\(name).json")))
        return playback
    }

    /// `pop.lua` on the demo, presented and dismissed (`scrim export Plugins/pop.lua --swift --dismiss`).
    static var popWithDismissal: TransitionPlayback {
        TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("pop.lua"), dismiss: true, fps: 60)
    }
}
