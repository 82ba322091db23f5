import Foundation

/// One property of one view being animated: a record in the engine's contiguous track array.
///
/// All fields are trivial (numbers and raw pointers), so the per-frame loop runs without
/// reference counting. The engine holds a +1 retain on `view` for as long as the track exists,
/// which keeps `destination` and `slots` valid.
struct Track {
    var from: Components
    var to: Components
    /// The property's components in the view's presentation storage.
    var destination: UnsafeMutablePointer<Double>
    /// The view's `trackSlots`, updated when this track moves in the array.
    var slots: UnsafeMutablePointer<Int32>
    var view: Unmanaged<View>
    /// Keyframe points (`keyframeCount` × [time, 6 components]) or nil for a from→to track.
    var keyframes: UnsafeMutablePointer<Double>?
    var keyframeCount: Int32
    var group: Int32
    /// Tracks added to a running animator start at its progress `progressBase` and cover the rest:
    /// their own progress is `(groupProgress − progressBase) · progressScale`.
    var progressBase: Double
    var progressScale: Double
    /// sin and cos of the angle when a transform track does not turn.
    var fixedSin: Double
    var fixedCos: Double
    var property: AnimatableProperty

    /// Doubles per keyframe point: a time and six components.
    static let keyframeStride = 7

    /// Writes the value at `progress` into the view's presentation storage. Static over a pointer
    /// so the record is read in place, never copied.
    @inline(__always)
    static func write(_ track: UnsafeMutablePointer<Track>, progress p: Double) {
        if let keyframes = track.pointee.keyframes {
            track.pointee.writeKeyframes(keyframes, at: p)
            return
        }
        let d = track.pointee.destination
        let q = 1 - p
        let from = track.pointee.from, to = track.pointee.to
        switch track.pointee.property {
        case .alpha, .cornerRadius:
            d[0] = q * from.0 + p * to.0
        case .center:
            d[0] = q * from.0 + p * to.0
            d[1] = q * from.1 + p * to.1
        case .bounds:
            d[0] = q * from.0 + p * to.0
            d[1] = q * from.1 + p * to.1
            d[2] = q * from.2 + p * to.2
            d[3] = q * from.3 + p * to.3
        case .transform:
            let tx = q * from.0 + p * to.0
            let ty = q * from.1 + p * to.1
            let sx = q * from.3 + p * to.3
            let sy = q * from.4 + p * to.4
            let shear = q * from.5 + p * to.5
            let s: Double, c: Double
            if from.2 == to.2 {
                (s, c) = (track.pointee.fixedSin, track.pointee.fixedCos)
            } else {
                let angle = q * from.2 + p * to.2
                (s, c) = (sin(angle), cos(angle))
            }
            d[0] = c * sx
            d[1] = s * sx
            d[2] = (c * shear - s) * sy
            d[3] = (s * shear + c) * sy
            d[4] = tx
            d[5] = ty
        case .backgroundColor:
            let alpha = q * from.3 + p * to.3
            if alpha == 0 {
                d[0] = 0; d[1] = 0; d[2] = 0
            } else {
                let inverse = 1 / alpha
                d[0] = (q * from.0 + p * to.0) * inverse
                d[1] = (q * from.1 + p * to.1) * inverse
                d[2] = (q * from.2 + p * to.2) * inverse
            }
            d[3] = alpha
        }
    }

    /// Piecewise-linear interpolation between keyframe points (Core Animation's linear
    /// calculation mode); the storage base is recovered from the destination.
    private func writeKeyframes(_ points: UnsafeMutablePointer<Double>, at p: Double) {
        let stride = Track.keyframeStride
        let count = Int(keyframeCount)
        var value = zeroComponents
        if p <= points[0] {
            value = Track.components(at: points + 1)
        } else if p >= points[(count - 1) * stride] {
            value = Track.components(at: points + (count - 1) * stride + 1)
        } else {
            var index = 0
            while index + 1 < count, points[(index + 1) * stride] < p { index += 1 }
            let a = points + index * stride, b = points + (index + 1) * stride
            let span = b[0] - a[0]
            let t = span > 0 ? (p - a[0]) / span : 1
            let u = 1 - t
            value = (
                u * a[1] + t * b[1], u * a[2] + t * b[2], u * a[3] + t * b[3],
                u * a[4] + t * b[4], u * a[5] + t * b[5], u * a[6] + t * b[6]
            )
        }
        property.write(value, to: destination - property.storageOffset)
    }

    private static func components(at p: UnsafeMutablePointer<Double>) -> Components {
        (p[0], p[1], p[2], p[3], p[4], p[5])
    }
}
