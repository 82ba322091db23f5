/// Why a live preview did not start, in words a user can act on.
struct LivePreviewError: Error, CustomStringConvertible {
    var description: String
    /// What the first play threw, when it was the play that failed (its messages are on stderr
    /// already): the command line ends with it, as `scrim run` would.
    var playError: (any Error)?
}
