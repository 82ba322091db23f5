/// What the `scrim.exportSwift` and `scrim.renderGIF` commands make of a plugin's transition, and
/// what the live page's "Export Swift" and "Render GIF" buttons download: the files of `scrim
/// export --swift` and `scrim render -o NAME.gif` (Docs/Export.md, Docs/Render.md).
public enum PreviewArtifact: String, Sendable, Hashable, CaseIterable {
    /// The transition as one Swift file for a UIKit app: its animators and transitioning delegate.
    case swift
    /// The transition drawn frame by frame as an animated GIF.
    case gif

    /// The file's media type, as served.
    public var contentType: String {
        switch self {
        case .swift: "text/x-swift; charset=utf-8"
        case .gif: "image/gif"
        }
    }

    /// What it is, in a sentence's words: `the Swift export`, `the GIF`.
    public var noun: String {
        switch self {
        case .swift: "the Swift export"
        case .gif: "the GIF"
        }
    }
}
