import ScrimCore

/// An animated property as the export writes it: the Core Animation key path, how its values
/// are read from the recording, interpolated and compared (`KeyframeReducer.Tolerance`).
package enum ExportedProperty: String, Sendable, Hashable, CaseIterable {
    case position, size, transform, opacity, cornerRadius
    case zPosition, anchorPoint, shadowOpacity, shadowRadius, shadowOffset, shadowColor
    case borderWidth, borderColor, backgroundColor, sublayerTransform

    /// The key path of its `CAKeyframeAnimation`.
    package var keyPath: String {
        switch self {
        case .size: "bounds.size"
        default: rawValue
        }
    }

    /// How its components interpolate between two keyframes.
    package enum Interpolation: Sendable {
        /// Each component linearly.
        case linear
        /// A color, as `Color.interpolated(to:fraction:)` (premultiplied).
        case color
        /// A 4×4 matrix, as `Transform3D.interpolate` (decomposed).
        case matrix
    }

    package var interpolation: Interpolation {
        switch self {
        case .transform, .sublayerTransform: .matrix
        case .shadowColor, .borderColor, .backgroundColor: .color
        default: .linear
        }
    }

    /// The property's components in `values`: a point or size as x/y (width/height), a matrix
    /// as its sixteen entries row by row, a color as straight red, green, blue, alpha.
    package func components(of values: ViewValues) -> [Double] {
        switch self {
        case .position: [values.center.x, values.center.y]
        case .size: [values.bounds.width, values.bounds.height]
        case .transform: Self.entries(values.transform3D)
        case .opacity: [values.alpha]
        case .cornerRadius: [values.cornerRadius]
        case .zPosition: [values.zPosition]
        case .anchorPoint: [values.anchorPoint.x, values.anchorPoint.y]
        case .shadowOpacity: [values.shadowOpacity]
        case .shadowRadius: [values.shadowRadius]
        case .shadowOffset: [values.shadowOffset.width, values.shadowOffset.height]
        case .shadowColor: Self.entries(values.shadowColor)
        case .borderWidth: [values.borderWidth]
        case .borderColor: Self.entries(values.borderColor)
        case .backgroundColor: Self.entries(values.backgroundColor)
        case .sublayerTransform: Self.entries(values.sublayerTransform)
        }
    }

    /// The value a fraction `t` of the way from `a` to `b`, as the replay interpolates it.
    package func interpolate(_ a: [Double], _ b: [Double], fraction t: Double) -> [Double] {
        switch interpolation {
        case .linear:
            return zip(a, b).map { $0 + ($1 - $0) * t }
        case .color:
            return Self.entries(Self.color(a).interpolated(to: Self.color(b), fraction: t))
        case .matrix:
            return Self.entries(Transform3D.interpolate(Self.matrix(a), Self.matrix(b), fraction: t))
        }
    }

    /// A matrix's entries row by row.
    package static func entries(_ t: Transform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    package static func entries(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.alpha] }

    /// The matrix of sixteen entries row by row.
    package static func matrix(_ e: [Double]) -> Transform3D {
        Transform3D(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    package static func color(_ e: [Double]) -> Color { Color(red: e[0], green: e[1], blue: e[2], alpha: e[3]) }
}
