/// How a label's lines are aligned, as `NSTextAlignment`. `natural` is left-aligned: Scrim's
/// text is left to right.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case left, center, right, justified, natural
}
