/// The built-in animation used when the transitioning delegate vends no animator
/// (`UIModalTransitionStyle`, UIKit's case names).
public enum ModalTransitionStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}
