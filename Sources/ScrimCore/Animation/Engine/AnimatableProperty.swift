import Foundation

/// The animatable properties of a view, as the engine stores them.
///
/// `frame` is not listed: it is derived from `center`, `bounds` and `transform`, so animating
/// the frame animates `center` and `bounds`.
public enum AnimatableProperty: UInt8, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius

    /// Where the property's components start in a view's presentation storage.
    var storageOffset: Int {
        switch self {
        case .center: 0
        case .bounds: 2
        case .transform: 6
        case .alpha: 12
        case .backgroundColor: 13
        case .cornerRadius: 17
        }
    }

    /// How many `Double`s the property occupies in storage and in an animation track.
    var componentCount: Int {
        switch self {
        case .center: 2
        case .bounds: 4
        case .transform: 6
        case .alpha, .cornerRadius: 1
        case .backgroundColor: 4
        }
    }

    /// Doubles in a view's presentation storage.
    static let storageCount = 18

    public var description: String {
        switch self {
        case .center: "center"
        case .bounds: "bounds"
        case .transform: "transform"
        case .alpha: "alpha"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        }
    }
}

/// A property's value as the engine interpolates it: up to six components. Transforms are held
/// decomposed (translation x/y, angle, scale x/y, shear) and colors premultiplied, so that plain
/// component-wise interpolation gives Core Animation's results.
typealias Components = (Double, Double, Double, Double, Double, Double)

let zeroComponents: Components = (0, 0, 0, 0, 0, 0)

extension AnimatableProperty {
    /// Reads the property from presentation storage into interpolation space.
    func read(from storage: UnsafePointer<Double>) -> Components {
        let s = storage + storageOffset
        switch self {
        case .center: return (s[0], s[1], 0, 0, 0, 0)
        case .bounds: return (s[0], s[1], s[2], s[3], 0, 0)
        case .transform:
            let parts = AffineTransform(a: s[0], b: s[1], c: s[2], d: s[3], tx: s[4], ty: s[5]).decomposition
            return (parts.translationX, parts.translationY, parts.angle, parts.scaleX, parts.scaleY, parts.shear)
        case .alpha, .cornerRadius: return (s[0], 0, 0, 0, 0, 0)
        case .backgroundColor: return (s[0] * s[3], s[1] * s[3], s[2] * s[3], s[3], 0, 0)
        }
    }

    /// Writes a value in interpolation space to presentation storage.
    @inline(__always)
    func write(_ v: Components, to storage: UnsafeMutablePointer<Double>) {
        let s = storage + storageOffset
        switch self {
        case .center:
            s[0] = v.0; s[1] = v.1
        case .bounds:
            s[0] = v.0; s[1] = v.1; s[2] = v.2; s[3] = v.3
        case .transform:
            let (sine, cosine) = sineCosine(v.2)
            let t = AffineTransform(
                sinAngle: sine, cosAngle: cosine, scaleX: v.3, scaleY: v.4, shear: v.5, tx: v.0, ty: v.1)
            s[0] = t.a; s[1] = t.b; s[2] = t.c; s[3] = t.d; s[4] = t.tx; s[5] = t.ty
        case .alpha, .cornerRadius:
            s[0] = v.0
        case .backgroundColor:
            let alpha = v.3
            if alpha == 0 {
                s[0] = 0; s[1] = 0; s[2] = 0
            } else {
                s[0] = v.0 / alpha; s[1] = v.1 / alpha; s[2] = v.2 / alpha
            }
            s[3] = alpha
        }
    }
}
