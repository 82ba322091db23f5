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

    /// The four extensions, for messages: `.gif, .mp4, .webm or .png`.
    package static var extensionList: String {
        let names = allCases.map { ".\($0.rawValue)" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
