import Foundation
import ScrimExport
import ScrimPreview
import ScrimRender

extension PreviewArtifactMaker {
    /// What `scrim export --swift` and `scrim render -o NAME.gif` make, with their defaults: the
    /// live previews' "Export Swift" and "Render GIF", and the language server's
    /// `scrim.exportSwift` and `scrim.renderGIF`.
    static let commandLine = PreviewArtifactMaker(
        swift: { playback, generation in try playback.exportSwift(generation: generation).file },
        gif: { page, plugin in
            let name = plugin.deletingPathExtension().lastPathComponent + ".gif"
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-gif-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(at: directory) }
            let output = directory.appendingPathComponent(name)
            try await FrameRenderer(options: RenderOptions(format: .gif)).render(page, to: output)
            return File(name: name, bytes: try Data(contentsOf: output))
        })
}
