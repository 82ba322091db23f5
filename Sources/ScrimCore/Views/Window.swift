/// The root of a view hierarchy, as `UIWindow`: a view with a root view controller, a trait
/// collection and the animation engine that animates everything inside it.
@MainActor
public final class Window: View {
    /// The engine (and through it the clock) that animates the views in this window.
    public let engine: AnimationEngine

    /// The view controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.view.superview === self { old.view.removeFromSuperview() }
            if let root = rootViewController {
                root.view.frame = bounds
                insertSubview(root.view, at: 0)
            }
        }
    }

    /// A size class forced by the host (`nil`: derived from the width).
    public var forcedHorizontalSizeClass: UserInterfaceSizeClass?

    /// `horizontalSizeClass` is `.compact` below 600 points wide, else `.regular`, unless forced.
    public var traitCollection: TraitCollection {
        if let forced = forcedHorizontalSizeClass { return TraitCollection(horizontalSizeClass: forced) }
        return .forWidth(bounds.width)
    }

    /// The default window size: an iPhone's 390×844 points.
    public static let defaultSize = Size(width: 390, height: 844)

    public init(id: String = "window", size: Size = Window.defaultSize, engine: AnimationEngine) {
        self.engine = engine
        super.init(id: id, frame: Rect(origin: .zero, size: size))
    }
}
