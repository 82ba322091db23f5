/// A font weight, by UIKit's names (`UIFont.Weight`), lightest first.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}
