/// The animatable values of a view at one moment: its model (what was last set) or its
/// presentation (what is on screen now).
public struct ViewValues: Sendable, Hashable {
    public var center: Point
    public var bounds: Rect
    public var transform: AffineTransform
    public var alpha: Double
    public var backgroundColor: Color
    public var cornerRadius: Double

    public init(
        center: Point, bounds: Rect, transform: AffineTransform = .identity, alpha: Double = 1,
        backgroundColor: Color = .clear, cornerRadius: Double = 0
    ) {
        self.center = center
        self.bounds = bounds
        self.transform = transform
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// The frame, derived as UIKit does: the bounding box of `bounds` transformed about `center`.
    public var frame: Rect {
        let size = bounds.size
        if transform.isIdentity {
            return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        var aboutCenter = transform
        aboutCenter.tx += center.x
        aboutCenter.ty += center.y
        return aboutCenter.apply(to: local)
    }

    /// Reads the values from a view's presentation storage.
    init(storage s: UnsafePointer<Double>) {
        self.init(
            center: Point(x: s[0], y: s[1]),
            bounds: Rect(x: s[2], y: s[3], width: s[4], height: s[5]),
            transform: AffineTransform(a: s[6], b: s[7], c: s[8], d: s[9], tx: s[10], ty: s[11]),
            alpha: s[12],
            backgroundColor: Color(red: s[13], green: s[14], blue: s[15], alpha: s[16]),
            cornerRadius: s[17])
    }

    /// Writes one property of these values to a view's presentation storage.
    func write(_ property: AnimatableProperty, to storage: UnsafeMutablePointer<Double>) {
        let s = storage + property.storageOffset
        switch property {
        case .center:
            s[0] = center.x; s[1] = center.y
        case .bounds:
            s[0] = bounds.x; s[1] = bounds.y; s[2] = bounds.width; s[3] = bounds.height
        case .transform:
            s[0] = transform.a; s[1] = transform.b; s[2] = transform.c
            s[3] = transform.d; s[4] = transform.tx; s[5] = transform.ty
        case .alpha:
            s[0] = alpha
        case .backgroundColor:
            s[0] = backgroundColor.red; s[1] = backgroundColor.green
            s[2] = backgroundColor.blue; s[3] = backgroundColor.alpha
        case .cornerRadius:
            s[0] = cornerRadius
        }
    }

    /// Sets one property from a value in interpolation space.
    mutating func set(_ property: AnimatableProperty, components v: Components) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: AnimatableProperty.storageCount) { buffer in
            let base = buffer.baseAddress!
            property.write(v, to: base)
            let s = base + property.storageOffset
            switch property {
            case .center: center = Point(x: s[0], y: s[1])
            case .bounds: bounds = Rect(x: s[0], y: s[1], width: s[2], height: s[3])
            case .transform: transform = AffineTransform(a: s[0], b: s[1], c: s[2], d: s[3], tx: s[4], ty: s[5])
            case .alpha: alpha = s[0]
            case .backgroundColor: backgroundColor = Color(red: s[0], green: s[1], blue: s[2], alpha: s[3])
            case .cornerRadius: cornerRadius = s[0]
            }
        }
    }

    /// One property's value in interpolation space.
    func components(of property: AnimatableProperty) -> Components {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: AnimatableProperty.storageCount) { buffer in
            let base = buffer.baseAddress!
            write(property, to: base)
            return property.read(from: base)
        }
    }

    /// One property's value as text (for error messages).
    func text(of property: AnimatableProperty) -> String {
        switch property {
        case .center: center.description
        case .bounds: bounds.description
        case .transform: transform.description
        case .alpha: String(alpha)
        case .backgroundColor: backgroundColor.description
        case .cornerRadius: String(cornerRadius)
        }
    }

    /// Whether the property's value has only finite components.
    func isFinite(_ property: AnimatableProperty) -> Bool {
        switch property {
        case .center: center.isFinite
        case .bounds: bounds.isFinite
        case .transform: transform.isFinite
        case .alpha: alpha.isFinite
        case .backgroundColor: backgroundColor.isFinite
        case .cornerRadius: cornerRadius.isFinite
        }
    }
}
