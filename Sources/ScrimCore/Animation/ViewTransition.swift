/// The transitions of `View.transition(with:…)` and `View.transition(from:to:…)`, as UIKit's
/// `transition…` animation options (Docs/Animation.md, "View transitions").
public enum ViewTransition: Int, Sendable, CaseIterable {
    /// The view turns over about its vertical axis, its left side coming toward the viewer.
    case flipFromLeft = 1
    /// The view turns over about its vertical axis, its right side coming toward the viewer.
    case flipFromRight
    /// The old look lifts away upwards (an approximation of a page curl).
    case curlUp
    /// The new look comes down over the old (an approximation of a page curl).
    case curlDown
    /// The old look fades out over the new.
    case crossDissolve
    /// The view turns over about its horizontal axis, its top coming toward the viewer.
    case flipFromTop
    /// The view turns over about its horizontal axis, its bottom coming toward the viewer.
    case flipFromBottom

    /// The option that selects this transition.
    public var option: AnimationOptions { AnimationOptions(rawValue: UInt(rawValue) << 20) }
}

/// A card's turn: a face of it turned about an axis through its anchor point, in perspective. Used
/// by the `flipHorizontal` style and the flip transitions of `View.transition`.
enum CardFlip {
    /// The eye's distance in points: each face is seen in perspective `m34 = −1/distance` about its
    /// own anchor point (the usual `transform.m34` of a hand-written flip).
    static let eyeDistance = 1000.0

    /// A face turned by `angle` about its vertical axis (or, `aboutX`, its horizontal axis), in
    /// perspective, after `base`.
    static func face(_ base: Transform3D, turnedBy angle: Double, aboutX: Bool = false) -> Transform3D {
        base.concatenating(.rotation(angle, aboutX ? 1 : 0, aboutX ? 0 : 1, 0))
            .concatenating(Transform3D(m34: -1 / eyeDistance))
    }
}
