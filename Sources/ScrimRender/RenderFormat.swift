/// What `scrim render` writes, named by the output's extension (Docs/Render.md, "Formats").
package enum RenderFormat: String, Sendable, CaseIterable {
    /// An animated GIF, looping, with a palette made for its frames.
    case gif
    /// An MP4 of H.264 in `yuv420p`.
    case mp4
    /// A WebM of VP9 in `yuv420p`.
    case webm
    /// A folder of numbered PNG frames (`frame-0001.png`, …).
    case png

    /// The format an output's extension names (`gif`, `mp4`, `webm`, `png`; any case); nil for
    /// any other.
    package init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The frame rate when none is given: 60, except for a GIF, whose frames last whole
    /// hundredths of a second (browsers slow a frame of less than 2 to a tenth): 50.
    package var defaultFramesPerSecond: Double { self == .gif ? Self.gifMaximumFramesPerSecond : 60 }

    /// A GIF's highest frame rate: a frame of 2 hundredths of a second.
    package static let gifMaximumFramesPerSecond = 50.0

    /// The four extensions, for messages: `.gif, .mp4, .webm or .png`.
    package static var extensionList: String {
        let names = allCases.map { ".\($0.rawValue)" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
