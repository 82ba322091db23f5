/// Options for `View.animate` and `View.transition`, as `UIView.AnimationOptions` (the subset that
/// matters headless), with UIKit's raw values.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Accepted for UIKit compatibility: Scrim always begins from the current presentation value.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// The default curve.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// `View.transition(from:to:…)` hides `fromView` and shows `toView` instead of removing and
    /// adding them.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// The transitions of `View.transition` (one at most; Docs/Animation.md, "View transitions").
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// The transition these options select, if any.
    public var transition: ViewTransition? { ViewTransition(rawValue: Int((rawValue >> 20) & 0b111)) }

    /// The curve these options select (`easeInOut` unless another curve option is set).
    public var curve: AnimationCurve {
        switch (rawValue >> 16) & 0b11 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}
