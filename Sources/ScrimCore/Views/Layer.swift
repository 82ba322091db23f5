/// A view's layer, as `view.layer` in UIKit: Core Animation's values that `View` does not have
/// (Docs/Animation.md, "Layers"). It is a handle on the view, not a separate object: every value
/// is the view's, animatable by `View.animate`, keyframes and property animators like the view's
/// own, and read back from the view's model.
///
/// Core Animation's names that are the view's own are here too: `position` (= `center`),
/// `transform` (= `transform3D`), `opacity` (= `alpha`), `masksToBounds` (= `clipsToBounds`),
/// `cornerRadius` and `bounds`.
@MainActor
public struct Layer {
    /// The view whose layer this is.
    public let view: View

    public var anchorPoint: Point {
        get { view.model.anchorPoint }
        nonmutating set { view.setModel(.anchorPoint) { $0.anchorPoint = newValue } }
    }

    /// Orders siblings (higher in front; ties by order in `subviews`) and moves the layer along z,
    /// which a perspective `sublayerTransform` above shows.
    public var zPosition: Double {
        get { view.model.zPosition }
        nonmutating set { view.setModel(.zPosition) { $0.zPosition = newValue } }
    }

    /// Applied to the sublayers about this layer's anchor point; `m34 = −1/d` gives them a
    /// perspective seen from `d` points away.
    public var sublayerTransform: Transform3D {
        get { view.model.sublayerTransform }
        nonmutating set { view.setModel(.sublayerTransform) { $0.sublayerTransform = newValue } }
    }

    public var isDoubleSided: Bool {
        get { view.isDoubleSided }
        nonmutating set { view.isDoubleSided = newValue }
    }

    public var shadowColor: Color {
        get { view.model.shadowColor }
        nonmutating set { view.setModel(.shadowColor) { $0.shadowColor = newValue } }
    }

    public var shadowOpacity: Double {
        get { view.model.shadowOpacity }
        nonmutating set { view.setModel(.shadowOpacity) { $0.shadowOpacity = newValue } }
    }

    public var shadowRadius: Double {
        get { view.model.shadowRadius }
        nonmutating set { view.setModel(.shadowRadius) { $0.shadowRadius = newValue } }
    }

    public var shadowOffset: Size {
        get { view.model.shadowOffset }
        nonmutating set { view.setModel(.shadowOffset) { $0.shadowOffset = newValue } }
    }

    public var borderWidth: Double {
        get { view.model.borderWidth }
        nonmutating set { view.setModel(.borderWidth) { $0.borderWidth = newValue } }
    }

    public var borderColor: Color {
        get { view.model.borderColor }
        nonmutating set { view.setModel(.borderColor) { $0.borderColor = newValue } }
    }

    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        nonmutating set { view.clipsToBounds = newValue }
    }

    public var cornerRadius: Double {
        get { view.cornerRadius }
        nonmutating set { view.cornerRadius = newValue }
    }

    public var position: Point {
        get { view.center }
        nonmutating set { view.center = newValue }
    }

    public var transform: Transform3D {
        get { view.transform3D }
        nonmutating set { view.transform3D = newValue }
    }

    public var opacity: Double {
        get { view.alpha }
        nonmutating set { view.alpha = newValue }
    }

    public var bounds: Rect {
        get { view.bounds }
        nonmutating set { view.bounds = newValue }
    }
}
