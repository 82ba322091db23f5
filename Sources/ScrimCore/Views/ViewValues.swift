/// The animatable values of a view and its layer at one moment: its model (what was last set) or
/// its presentation (what is on screen now).
///
/// The layer values and their defaults are Core Animation's (Docs/Animation.md, "Layers"):
/// `anchorPoint` (0.5, 0.5), `zPosition` 0, `sublayerTransform` identity, an opaque black
/// `shadowColor` at `shadowOpacity` 0 with `shadowRadius` 3 and `shadowOffset` (0, −3), and an
/// opaque black `borderColor` at `borderWidth` 0.
public struct ViewValues: Sendable, Hashable {
    public var center: Point
    public var bounds: Rect
    /// The layer's transform, about the anchor point.
    public var transform3D: Transform3D
    public var alpha: Double
    public var backgroundColor: Color
    public var cornerRadius: Double
    /// The point of the bounds, in unit coordinates, that sits at `center` and that the transform
    /// turns about.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var zPosition = 0.0
    /// Applied to the subviews' layers, about this layer's anchor point (perspective goes here).
    public var sublayerTransform = Transform3D.identity
    public var shadowColor = Color.black
    public var shadowOpacity = 0.0
    public var shadowRadius = 3.0
    public var shadowOffset = Size(width: 0, height: -3)
    public var borderWidth = 0.0
    public var borderColor = Color.black

    public init(
        center: Point, bounds: Rect, transform: AffineTransform = .identity, alpha: Double = 1,
        backgroundColor: Color = .clear, cornerRadius: Double = 0
    ) {
        self.center = center
        self.bounds = bounds
        self.transform3D = Transform3D(transform)
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// The affine part of `transform3D`, as UIKit's `transform`; setting it sets `transform3D`
    /// to the affine transform.
    public var transform: AffineTransform {
        get { transform3D.affineTransform }
        set { transform3D = Transform3D(newValue) }
    }

    /// The frame, derived as Core Animation does: the bounding box, in the superview's
    /// coordinates, of `bounds` placed with its anchor point at `center` and transformed about it
    /// (with a 3-D transform: projected onto the superview's plane). `zPosition` and the
    /// superview's `sublayerTransform` are not part of it.
    public var frame: Rect {
        let size = bounds.size
        let left = -anchorPoint.x * size.width, top = -anchorPoint.y * size.height
        if transform3D.isIdentity {
            return Rect(x: center.x + left, y: center.y + top, width: size.width, height: size.height)
        }
        let corners = [
            Point(x: left, y: top), Point(x: left + size.width, y: top),
            Point(x: left, y: top + size.height), Point(x: left + size.width, y: top + size.height),
        ].map { transform3D.apply(to: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX + center.x, y: minY + center.y, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// Reads the values from a view's presentation storage.
    init(storage s: UnsafePointer<Double>) {
        func matrix(_ o: Int) -> Transform3D { MatrixStorage.read(from: s + o) }
        func color(_ o: Int) -> Color { Color(red: s[o], green: s[o + 1], blue: s[o + 2], alpha: s[o + 3]) }
        func offset(_ property: AnimatableProperty) -> Int { property.storageOffset }
        self.init(
            center: Point(x: s[offset(.center)], y: s[offset(.center) + 1]),
            bounds: Rect(
                x: s[offset(.bounds)], y: s[offset(.bounds) + 1],
                width: s[offset(.bounds) + 2], height: s[offset(.bounds) + 3]),
            alpha: s[offset(.alpha)], backgroundColor: color(offset(.backgroundColor)),
            cornerRadius: s[offset(.cornerRadius)])
        transform3D = matrix(offset(.transform))
        anchorPoint = Point(x: s[offset(.anchorPoint)], y: s[offset(.anchorPoint) + 1])
        zPosition = s[offset(.zPosition)]
        sublayerTransform = matrix(offset(.sublayerTransform))
        shadowColor = color(offset(.shadowColor))
        shadowOpacity = s[offset(.shadowOpacity)]
        shadowRadius = s[offset(.shadowRadius)]
        shadowOffset = Size(width: s[offset(.shadowOffset)], height: s[offset(.shadowOffset) + 1])
        borderWidth = s[offset(.borderWidth)]
        borderColor = color(offset(.borderColor))
    }

    /// Writes one property of these values to a view's presentation storage.
    func write(_ property: AnimatableProperty, to storage: UnsafeMutablePointer<Double>) {
        let s = storage + property.storageOffset
        func write(_ t: Transform3D) { MatrixStorage.write(t, to: s) }
        func write(_ c: Color) { (s[0], s[1], s[2], s[3]) = (c.red, c.green, c.blue, c.alpha) }
        switch property {
        case .center: (s[0], s[1]) = (center.x, center.y)
        case .bounds: (s[0], s[1], s[2], s[3]) = (bounds.x, bounds.y, bounds.width, bounds.height)
        case .transform: write(transform3D)
        case .alpha: s[0] = alpha
        case .backgroundColor: write(backgroundColor)
        case .cornerRadius: s[0] = cornerRadius
        case .anchorPoint: (s[0], s[1]) = (anchorPoint.x, anchorPoint.y)
        case .zPosition: s[0] = zPosition
        case .sublayerTransform: write(sublayerTransform)
        case .shadowColor: write(shadowColor)
        case .shadowOpacity: s[0] = shadowOpacity
        case .shadowRadius: s[0] = shadowRadius
        case .shadowOffset: (s[0], s[1]) = (shadowOffset.width, shadowOffset.height)
        case .borderWidth: s[0] = borderWidth
        case .borderColor: write(borderColor)
        }
    }

    /// Runs `body` with these values written to a temporary presentation storage.
    private func withStorage<Result>(_ body: (UnsafeMutablePointer<Double>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: AnimatableProperty.storageCount) { buffer in
            let base = buffer.baseAddress!
            for property in AnimatableProperty.allCases { write(property, to: base) }
            return body(base)
        }
    }

    /// These values with `property` taken from `other`.
    func replacing(_ property: AnimatableProperty, from other: ViewValues) -> ViewValues {
        withStorage { base in
            other.write(property, to: base)
            return ViewValues(storage: base)
        }
    }

    /// Whether `property` has the same value here and in `other`.
    func hasSameValue(of property: AnimatableProperty, as other: ViewValues) -> Bool {
        let range = property.storageOffset..<(property.storageOffset + property.componentCount)
        return withStorage { mine in other.withStorage { theirs in range.allSatisfy { mine[$0] == theirs[$0] } } }
    }

    /// One property's value in 2-D interpolation space (for a matrix: its affine part).
    func components(of property: AnimatableProperty) -> Components {
        withStorage { property.read(from: $0) }
    }

    /// One property's matrix (`transform` or `sublayerTransform`).
    func matrix(_ property: AnimatableProperty) -> Transform3D {
        property == .sublayerTransform ? sublayerTransform : transform3D
    }

    /// One property's value as text (for error messages).
    func text(of property: AnimatableProperty) -> String {
        switch property {
        case .center: center.description
        case .bounds: bounds.description
        case .transform: transform3D.isAffine ? transform.description : transform3D.description
        case .alpha: String(alpha)
        case .backgroundColor: backgroundColor.description
        case .cornerRadius: String(cornerRadius)
        case .anchorPoint: anchorPoint.description
        case .zPosition: String(zPosition)
        case .sublayerTransform: sublayerTransform.description
        case .shadowColor: shadowColor.description
        case .shadowOpacity: String(shadowOpacity)
        case .shadowRadius: String(shadowRadius)
        case .shadowOffset: shadowOffset.description
        case .borderWidth: String(borderWidth)
        case .borderColor: borderColor.description
        }
    }

    /// Whether the property's value has only finite components.
    func isFinite(_ property: AnimatableProperty) -> Bool {
        withStorage { base in
            (property.storageOffset..<(property.storageOffset + property.componentCount)).allSatisfy { base[$0].isFinite }
        }
    }
}
