import Foundation

/// The animatable properties of a view and its layer, as the engine stores them.
///
/// `frame` is not listed: it is derived from `center`, `bounds`, `anchorPoint` and `transform`, so
/// animating the frame animates `center` and `bounds`. `transform` is the layer's 4×4 transform:
/// the view's `transform` (affine) and `transform3D` are two views of it, as in UIKit.
public enum AnimatableProperty: UInt8, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    case anchorPoint, zPosition, sublayerTransform
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, borderWidth, borderColor

    /// How the engine interpolates a property's components.
    enum Kind: UInt8 {
        /// Each component linearly.
        case linear
        /// A color: linearly in premultiplied form.
        case color
        /// A 4×4 matrix: decomposed (see `Transform3D.interpolate`).
        case matrix
    }

    var kind: Kind {
        switch self {
        case .backgroundColor, .shadowColor, .borderColor: .color
        case .transform, .sublayerTransform: .matrix
        default: .linear
        }
    }

    /// Where the property's components start in a view's presentation storage. The 2-D values a
    /// frame of a typical transition animates come first, together.
    var storageOffset: Int {
        switch self {
        case .center: 0
        case .bounds: 2
        case .alpha: 6
        case .backgroundColor: 7
        case .cornerRadius: 11
        case .transform: 12
        case .anchorPoint: 28
        case .zPosition: 30
        case .sublayerTransform: 31
        case .shadowColor: 47
        case .shadowOpacity: 51
        case .shadowRadius: 52
        case .shadowOffset: 53
        case .borderWidth: 55
        case .borderColor: 56
        }
    }

    /// How many `Double`s the property occupies in storage.
    package var componentCount: Int {
        switch self {
        case .center, .anchorPoint, .shadowOffset: 2
        case .bounds, .backgroundColor, .shadowColor, .borderColor: 4
        case .transform, .sublayerTransform: 16
        case .alpha, .cornerRadius, .zPosition, .shadowOpacity, .shadowRadius, .borderWidth: 1
        }
    }

    /// Doubles in a view's presentation storage.
    static let storageCount = 60

    public var description: String {
        switch self {
        case .center: "center"
        case .bounds: "bounds"
        case .transform: "transform"
        case .alpha: "alpha"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .anchorPoint: "anchorPoint"
        case .zPosition: "zPosition"
        case .sublayerTransform: "sublayerTransform"
        case .shadowColor: "shadowColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowRadius: "shadowRadius"
        case .shadowOffset: "shadowOffset"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        }
    }
}

/// A property's value as the engine interpolates it in 2-D: up to six components. Colors are held
/// premultiplied and a matrix whose both ends are affine as its 2-D decomposition (translation
/// x/y, angle, scale x/y, shear), so that plain component-wise interpolation gives Core
/// Animation's results. A matrix with a 3-D end is interpolated by `MatrixTrackPoints` instead.
typealias Components = (Double, Double, Double, Double, Double, Double)

let zeroComponents: Components = (0, 0, 0, 0, 0, 0)

/// How a 4×4 matrix lies in presentation storage: its sixteen entries row by row (`m11 m12 … m44`).
/// Storing the six affine entries together first instead was measured (Docs/Benchmarks.md): no
/// faster for a 2-D frame, and slower for a 3-D one.
enum MatrixStorage {
    /// Reads the matrix stored at `s`.
    @inline(__always)
    static func read(from s: UnsafePointer<Double>) -> Transform3D {
        Transform3D(
            m11: s[0], m12: s[1], m13: s[2], m14: s[3], m21: s[4], m22: s[5], m23: s[6], m24: s[7],
            m31: s[8], m32: s[9], m33: s[10], m34: s[11], m41: s[12], m42: s[13], m43: s[14], m44: s[15])
    }

    /// Stores `t` at `s`.
    @inline(__always)
    static func write(_ t: Transform3D, to s: UnsafeMutablePointer<Double>) {
        (s[0], s[1], s[2], s[3]) = (t.m11, t.m12, t.m13, t.m14)
        (s[4], s[5], s[6], s[7]) = (t.m21, t.m22, t.m23, t.m24)
        (s[8], s[9], s[10], s[11]) = (t.m31, t.m32, t.m33, t.m34)
        (s[12], s[13], s[14], s[15]) = (t.m41, t.m42, t.m43, t.m44)
    }
}

/// Where the six entries of an affine matrix are in a stored matrix (`MatrixStorage`): `a, b` are
/// `m11, m12`; `c, d` are `m21, m22`; `tx, ty` are `m41, m42`.
enum AffineEntry {
    static let a = 0, b = 1, c = 4, d = 5, tx = 12, ty = 13
}

extension AnimatableProperty {
    /// Reads the property from presentation storage into 2-D interpolation space (for a matrix:
    /// its affine part).
    func read(from storage: UnsafePointer<Double>) -> Components {
        let s = storage + storageOffset
        switch kind {
        case .linear:
            var v = zeroComponents
            v.0 = s[0]
            if componentCount > 1 { v.1 = s[1] }
            if componentCount > 2 { (v.2, v.3) = (s[2], s[3]) }
            return v
        case .color:
            return (s[0] * s[3], s[1] * s[3], s[2] * s[3], s[3], 0, 0)
        case .matrix:
            let parts = AffineTransform(
                a: s[AffineEntry.a], b: s[AffineEntry.b], c: s[AffineEntry.c], d: s[AffineEntry.d],
                tx: s[AffineEntry.tx], ty: s[AffineEntry.ty]
            ).decomposition
            return (parts.translationX, parts.translationY, parts.angle, parts.scaleX, parts.scaleY, parts.shear)
        }
    }

    /// Writes a value in 2-D interpolation space to presentation storage (for a matrix: its affine
    /// entries; the others keep the identity's values an affine matrix has).
    @inline(__always)
    func write(_ v: Components, to storage: UnsafeMutablePointer<Double>) {
        let s = storage + storageOffset
        switch kind {
        case .linear:
            s[0] = v.0
            if componentCount > 1 { s[1] = v.1 }
            if componentCount > 2 { s[2] = v.2; s[3] = v.3 }
        case .color:
            let alpha = v.3
            if alpha == 0 {
                s[0] = 0; s[1] = 0; s[2] = 0
            } else {
                s[0] = v.0 / alpha; s[1] = v.1 / alpha; s[2] = v.2 / alpha
            }
            s[3] = alpha
        case .matrix:
            let (sine, cosine) = sineCosine(v.2)
            let t = AffineTransform(
                sinAngle: sine, cosAngle: cosine, scaleX: v.3, scaleY: v.4, shear: v.5, tx: v.0, ty: v.1)
            s[AffineEntry.a] = t.a; s[AffineEntry.b] = t.b; s[AffineEntry.c] = t.c
            s[AffineEntry.d] = t.d; s[AffineEntry.tx] = t.tx; s[AffineEntry.ty] = t.ty
        }
    }
}
