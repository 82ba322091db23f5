import ScrimServer

/// Why a live preview could not make a download (`PreviewArtifact`), in words a user can act on.
package enum PreviewArtifactError: Error, CustomStringConvertible {
    /// The preview was started without a `PreviewArtifactMaker`.
    case noMaker
    /// Nothing has played cleanly yet: there is no page to draw.
    case nothingPlayed(plugin: String)
    /// The maker failed (the plugin faulted, a tool is missing, …): its words.
    case failed(PreviewArtifact, String)

    package var description: String {
        switch self {
        case .noMaker: "this preview makes no files (it was started without an exporter and a renderer)"
        case .nothingPlayed(let plugin): "\(plugin) has not played without a fault yet: fix it and save, then try again"
        case .failed(_, let reason): reason
        }
    }
}
