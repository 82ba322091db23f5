/// The part of the machinery a fault came from.
public enum TransitionRole: String, Sendable, Hashable {
    case delegate, animator, interactionController, presentationController, viewController, segue, host
}
