/// Options for `View.animate`, as `UIView.AnimationOptions` (the subset that matters headless).
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
