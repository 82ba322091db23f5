import ScrimCore

/// The protocol errors for `TransitionError` (SPEC §7.5).
enum TransitionErrors {
    static func response(_ error: TransitionError, field: String) -> ResponseError {
        switch error {
        case .transitionInProgress: ResponseError(.transitionInProgress, error.description)
        case .nothingToDismiss: ResponseError(.nothingToDismiss, error.description)
        case .alreadyPresented, .notInWindow, .presentingItself: .invalidParams(field, error.description)
        }
    }
}
