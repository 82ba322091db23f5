import Foundation

/// One property of one view being animated: the hot record the per-frame loop streams through.
///
/// Ninety-six bytes, all trivial (numbers and raw pointers), so the loop runs without reference
/// counting and touches as little memory as possible: the loop is bound by memory traffic, not
/// arithmetic. Everything the loop needs only for some tracks (a transform's shear, keyframes, a
/// re-based progress, a 3-D matrix's decomposed ends) lives in the parallel `TrackDetails` record
/// at the same index.
struct Track {
    /// The property's first component in the view's presentation storage.
    var destination: UnsafeMutablePointer<Double>
    /// Components 0…4 of the start value (a transform's shear is in the details). For a
    /// transform that does not turn, component 2 holds the sine of its fixed angle.
    var from: (Double, Double, Double, Double, Double)
    /// `to − from` for components 0…4: one fused multiply-add per component per frame. The exact
    /// end value is written from the model when the track finishes, so rounding never shows at
    /// rest. For a transform that does not turn, component 2 holds the cosine of its fixed angle.
    var delta: (Double, Double, Double, Double, Double)
    var group: Int32
    var property: AnimatableProperty
    var shape: Shape
    var flags: Flags

    /// What the per-frame loop writes: one switch on this, no look-up of the property.
    enum Shape: UInt8 {
        case one, two, four, color, affine
        /// A 4×4 matrix with a 3-D end, from its `TrackDetails.matrixPoints`.
        case matrix3D
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// The track was added to a running animator: its progress is re-based (see the details).
        static let rebased = Flags(rawValue: 1)
        /// The value follows keyframe points (see the details).
        static let keyframed = Flags(rawValue: 2)
        /// A transform whose angle changes (otherwise its sine and cosine are fixed).
        static let rotates = Flags(rawValue: 4)
        /// A transform with a shear at either end (see the details).
        static let sheared = Flags(rawValue: 8)
        /// A matrix with a 3-D end: its points (keyframes included) are in the details'
        /// `matrixPoints`, never `keyframed`.
        static let matrix3D = Flags(rawValue: 16)
    }

    /// Doubles per keyframe point: a time and six components.
    static let keyframeStride = 7

    init(
        destination: UnsafeMutablePointer<Double>, property: AnimatableProperty, from: Components, to: Components,
        group: Int32, flags: Flags
    ) {
        self.destination = destination
        self.from = (from.0, from.1, from.2, from.3, from.4)
        self.delta = (to.0 - from.0, to.1 - from.1, to.2 - from.2, to.3 - from.3, to.4 - from.4)
        if property.kind == .matrix, !flags.contains(.rotates) {
            (self.from.2, self.delta.2) = (sin(from.2), cos(from.2))
        }
        self.group = group
        self.property = property
        self.flags = flags
        switch property.kind {
        case .linear: shape = property.componentCount == 1 ? .one : property.componentCount == 2 ? .two : .four
        case .color: shape = .color
        case .matrix: shape = flags.contains(.matrix3D) ? .matrix3D : .affine
        }
    }

    /// Writes the value at the group's `progress` into the view's presentation storage. Static
    /// over pointers so the records are read in place, never copied.
    @inline(__always)
    static func write(_ track: UnsafeMutablePointer<Track>, _ details: UnsafeMutablePointer<TrackDetails>, progress: Double) {
        let flags = track.pointee.flags
        var p = progress
        if flags.contains(.rebased) {
            p = max(p - details.pointee.progressBase, 0) * details.pointee.progressScale
        }
        if flags.contains(.keyframed) {
            details.pointee.writeKeyframes(property: track.pointee.property, to: track.pointee.destination, at: p)
            return
        }
        let d = track.pointee.destination
        let from = track.pointee.from, delta = track.pointee.delta
        switch track.pointee.shape {
        case .one:
            d[0] = from.0 + p * delta.0
        case .two:
            d[0] = from.0 + p * delta.0
            d[1] = from.1 + p * delta.1
        case .four:
            d[0] = from.0 + p * delta.0
            d[1] = from.1 + p * delta.1
            d[2] = from.2 + p * delta.2
            d[3] = from.3 + p * delta.3
        case .affine:
            let sx = from.3 + p * delta.3
            let sy = from.4 + p * delta.4
            let shear = flags.contains(.sheared) ? details.pointee.fromShear + p * details.pointee.deltaShear : 0
            let s: Double, c: Double
            if flags.contains(.rotates) {
                (s, c) = sineCosine(from.2 + p * delta.2)
            } else {
                (s, c) = (from.2, delta.2)
            }
            d[AffineEntry.a] = c * sx
            d[AffineEntry.b] = s * sx
            d[AffineEntry.c] = (c * shear - s) * sy
            d[AffineEntry.d] = (s * shear + c) * sy
            d[AffineEntry.tx] = from.0 + p * delta.0
            d[AffineEntry.ty] = from.1 + p * delta.1
        case .color:
            let alpha = from.3 + p * delta.3
            if alpha == 0 {
                d[0] = 0; d[1] = 0; d[2] = 0
            } else {
                let inverse = 1 / alpha
                d[0] = (from.0 + p * delta.0) * inverse
                d[1] = (from.1 + p * delta.1) * inverse
                d[2] = (from.2 + p * delta.2) * inverse
            }
            d[3] = alpha
        case .matrix3D:
            details.pointee.matrixPoints!.write(at: p, to: d)
        }
    }
}

/// The rest of a track: what the engine needs when the track is added or removed, and what the
/// per-frame loop reads only for some tracks. Kept in a buffer parallel to the tracks.
struct TrackDetails {
    /// The engine holds a +1 retain on the view for as long as the track exists, which keeps
    /// `Track.destination` and `slots` valid.
    var view: Unmanaged<View>
    /// The view's `trackSlots`, updated when this track moves in the array.
    var slots: UnsafeMutablePointer<Int32>
    /// Keyframe points (`keyframeCount` × [time, 6 components]) or nil for a from→to track.
    var keyframes: UnsafeMutablePointer<Double>?
    var keyframeCount: Int32
    /// A track added to a running animator starts at its progress `progressBase` and covers the
    /// rest: its own progress is `(groupProgress − progressBase) · progressScale`.
    var progressBase: Double
    var progressScale: Double
    /// A transform's shear (component 5): start and change.
    var fromShear: Double
    var deltaShear: Double
    /// A matrix with a 3-D end: its points, decomposed.
    var matrixPoints: MatrixTrackPoints?

    /// Piecewise-linear interpolation between keyframe points (Core Animation's linear
    /// calculation mode).
    func writeKeyframes(property: AnimatableProperty, to destination: UnsafeMutablePointer<Double>, at p: Double) {
        guard let points = keyframes else { return }
        let stride = Track.keyframeStride
        let count = Int(keyframeCount)
        var value = zeroComponents
        if p <= points[0] {
            value = Self.components(at: points + 1)
        } else if p >= points[(count - 1) * stride] {
            value = Self.components(at: points + (count - 1) * stride + 1)
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
