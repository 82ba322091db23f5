import ScrimPlayback

/// Why a transition could not be exported: the playback could not run or faulted, or no
/// transition ran to export.
package enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The playback could not start (the plugin, the scene or the options).
    case cannotPlay(PlaybackError)
    /// The playback ran but faulted: the faults, as `scrim run` reports them.
    case faulted([PlaybackFault])
    /// The playback ran without a presentation, dismissal, push or pop that the plugin animated
    /// and that completed (a segue plugin, or options that play none).
    case nothingToExport(plugin: String)

    package var description: String {
        switch self {
        case .cannotPlay(let error): "\(error)"
        case .faulted(let faults):
            "the transition faulted while it played, so nothing faithful can be exported; fix these first (scrim run shows them too):\n"
                + faults.map(\.description).joined(separator: "\n")
        case .nothingToExport(let plugin):
            "\(plugin): no presentation, dismissal, push or pop that it animates ran to its end: nothing to export; "
                + "play one with the options (--push, --dismiss, --scenario FILE) as with scrim run (a segue plugin animates no transition)"
        }
    }
}
