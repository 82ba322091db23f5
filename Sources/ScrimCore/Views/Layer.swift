/// A view's layer, as `view.layer` in UIKit: Core Animation's values that `View` does not have
/// (Docs/Animation.md, "Layers"). The view owns it and it holds no state of its own: every value
/// is the view's, animatable by `View.animate`, keyframes and property animators like the view's
/// own, and read back from the view's model. Using a layer after its view is gone is a
/// programmer error.
///
/// Core Animation's names that are the view's own are here too: `position` (= `center`),
/// `transform` (= `transform3D`), `opacity` (= `alpha`), `masksToBounds` (= `clipsToBounds`),
/// `cornerRadius` and `bounds`.
@MainActor
public final class Layer {
    /// The view whose layer this is (which owns it).
    public unowned let view: View

    init(view: View) {
        self.view = view
    }

    public var anchorPoint: Point {
        get { view.model.anchorPoint }
        set { view.setModel(.anchorPoint) { $0.anchorPoint = newValue } }
    }

    /// Orders siblings (higher in front; ties by order in `subviews`) and moves the layer along z,
    /// which a perspective `sublayerTransform` above shows.
    public var zPosition: Double {
        get { view.model.zPosition }
        set { view.setModel(.zPosition) { $0.zPosition = newValue } }
    }

    /// Applied to the sublayers about this layer's anchor point; `m34 = −1/d` gives them a
    /// perspective seen from `d` points away.
    public var sublayerTransform: Transform3D {
        get { view.model.sublayerTransform }
        set { view.setModel(.sublayerTransform) { $0.sublayerTransform = newValue } }
    }

    public var isDoubleSided: Bool {
        get { view.isDoubleSided }
        set { view.isDoubleSided = newValue }
    }

    public var shadowColor: Color {
        get { view.model.shadowColor }
        set { view.setModel(.shadowColor) { $0.shadowColor = newValue } }
    }

    public var shadowOpacity: Double {
        get { view.model.shadowOpacity }
        set { view.setModel(.shadowOpacity) { $0.shadowOpacity = newValue } }
    }

    public var shadowRadius: Double {
        get { view.model.shadowRadius }
        set { view.setModel(.shadowRadius) { $0.shadowRadius = newValue } }
    }

    public var shadowOffset: Size {
        get { view.model.shadowOffset }
        set { view.setModel(.shadowOffset) { $0.shadowOffset = newValue } }
    }

    public var borderWidth: Double {
        get { view.model.borderWidth }
        set { view.setModel(.borderWidth) { $0.borderWidth = newValue } }
    }

    public var borderColor: Color {
        get { view.model.borderColor }
        set { view.setModel(.borderColor) { $0.borderColor = newValue } }
    }

    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }

    public var cornerRadius: Double {
        get { view.cornerRadius }
        set { view.cornerRadius = newValue }
    }

    public var position: Point {
        get { view.center }
        set { view.center = newValue }
    }

    public var transform: Transform3D {
        get { view.transform3D }
        set { view.transform3D = newValue }
    }

    public var opacity: Double {
        get { view.alpha }
        set { view.alpha = newValue }
    }

    public var bounds: Rect {
        get { view.bounds }
        set { view.bounds = newValue }
    }
}
