/// The keys of each option table a plugin passes to Scrim (Docs/LuaAPI.md): `LuaCall.checkOptionKeys`
/// refuses any other with a suggestion. `Plugins/scrim.d.lua` declares the same fields
/// (`TypeDeclarationTests` checks).
enum OptionKeys {
    /// Timing, shared by `scrim.animate`, `PropertyAnimator.new` and `continueAnimation`.
    static let timing = ["curve", "damping", "velocity", "spring"]
    /// A `spring = { … }` of the timing.
    static let spring = ["mass", "stiffness", "damping", "velocity"]
    /// A curve's named control points (`curve = { x1 = …, … }`; or an array of four numbers).
    static let curvePoints = ["x1", "y1", "x2", "y2"]
    /// `scrim.animateKeyframes{ … }`.
    static let keyframes = ["duration", "delay", "animations", "completion"]
    /// `scrim.View.transition(view, { … })`.
    static let viewTransition = ["duration", "options", "animations", "completion", "to"]
    /// `scrim.animate{ … }`.
    static let animate = keyframes + timing
    /// `scrim.PropertyAnimator.new{ … }`.
    static let propertyAnimator = ["duration"] + timing
    /// `animator:continueAnimation{ … }`.
    static let continueAnimation = ["durationFactor"] + timing
    /// The options of `scrim.View.new` that are view fields, set as `view.key = value` would.
    static let viewFields = [
        "name", "backgroundColor", "alpha", "cornerRadius", "transform", "isHidden", "clipsToBounds", "isUserInteractionEnabled", "tag",
    ]
    /// `scrim.View.new{ … }`.
    static let view = ["id", "frame"] + viewFields
    /// `scrim.PanGestureRecognizer.new{ … }`.
    static let panGestureRecognizer = ["action", "maximumNumberOfTouches"]
    /// `scrim.Transform3D.new{ … }`: the entries of a 3-D transform, in the order `m11, m12, … m44`
    /// (also the fields of a `scrim.Transform3D`).
    static let transform3D = (1...4).flatMap { row in (1...4).map { column in "m\(row)\(column)" } }
    /// UIKit's names of what these tables call otherwise, for the suggestion a UIKit developer
    /// needs: `usingSpringWithDamping` is `damping` here.
    static let uikitNames = [
        "withDuration": "duration", "usingSpringWithDamping": "damping", "dampingRatio": "damping",
        "initialSpringVelocity": "velocity", "initialVelocity": "velocity", "options": "curve", "timingParameters": "curve",
        "relativeStartTime": "delay",
    ]
}
