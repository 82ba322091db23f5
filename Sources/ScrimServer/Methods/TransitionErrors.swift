import ScrimCore

/// The protocol errors for `TransitionError` (Docs/Protocol.md, *Errors*).
enum TransitionErrors {
    /// - Parameters:
    ///   - field: the params the request was refused for.
    ///   - presenting: the field that named the presenting view controller, when the request
    ///     named one (its refusals name it and say how to go on).
    static func response(_ error: TransitionError, field: String, presenting: String? = nil) -> ResponseError {
        switch error {
        case .transitionInProgress: ResponseError(.transitionInProgress, error.description)
        case .nothingToDismiss: ResponseError(.nothingToDismiss, error.description)
        case .popoverWithoutAnchor, .popoverSourceViewNotInWindow: ResponseError(.popoverWithoutAnchor, error.description)
        case .alreadyPresenting:
            .invalidParams(presenting ?? field, error.description + (presenting == nil ? "" : " or leave presenting out"))
        case .notInWindow(let id) where presenting != nil:
            .invalidParams(
                presenting!,
                "view controller '\(id)' is not in the window (its view is not in the window hierarchy); present from a view controller whose view is in the window")
        case .graphCycle: ResponseError(.internalError, error.description)
        case .unknownSegue: ResponseError(.unknownSegue, error.description)
        case .unknownViewController: ResponseError(.unknownViewController, error.description)
        case .alreadyPresented, .hasParent, .notInWindow, .presentingItself, .pushingNavigationController, .notInNavigationStack,
            .emptyNavigationStack, .tabIndexOutOfRange, .unknownSegueClass, .noStoryboard, .noUnwindDestination, .segueFailed:
            .invalidParams(field, error.description)
        }
    }
}
