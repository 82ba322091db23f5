import Foundation
import ScrimPlayback
import ScrimServer

/// How the live previews make the files of their page's "Export Swift" and "Render GIF" buttons
/// and of the language server's `scrim.exportSwift` and `scrim.renderGIF` (`PreviewArtifact`).
/// The exporter and the renderer are built on this module, so the executable that links them
/// gives the previews this maker.
package struct PreviewArtifactMaker: Sendable {
    /// A file made: its name (`PopTransition.swift`, `pop.gif`) and its bytes.
    package struct File: Sendable, Equatable {
        package var name: String
        package var bytes: Data

        package init(name: String, bytes: Data) {
            (self.name, self.bytes) = (name, bytes)
        }
    }

    /// Exports the transitions `playback` plays, of the plugin's hot-reload `generation`, as a
    /// UIKit Swift file.
    package var swift: @MainActor @Sendable (_ playback: TransitionPlayback, _ generation: Int) throws -> File
    /// Draws `page`'s frames as an animated GIF named after `plugin` (`pop.lua` → `pop.gif`).
    package var gif: @Sendable (_ page: PreviewPage, _ plugin: URL) async throws -> File

    package init(
        swift: @escaping @MainActor @Sendable (_ playback: TransitionPlayback, _ generation: Int) throws -> File,
        gif: @escaping @Sendable (_ page: PreviewPage, _ plugin: URL) async throws -> File
    ) {
        (self.swift, self.gif) = (swift, gif)
    }
}
