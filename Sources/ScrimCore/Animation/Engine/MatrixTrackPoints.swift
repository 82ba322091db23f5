/// The points of a matrix animation with a 3-D end (a from → to animation has two, keyframes
/// more), each decomposed once when the track is made: a frame only interpolates the parts of one
/// segment and recomposes them, allocating nothing.
///
/// Each segment follows `Transform3D.interpolate` exactly: decomposed (quaternion slerp for the
/// rotation) unless both its ends are affine, which take the 2-D rule; a segment with an end that
/// cannot be decomposed switches at its middle.
struct MatrixTrackPoints {
    private struct Point {
        var time: Double
        var matrix: Transform3D
        var parts: Transform3D.Decomposition?
    }

    private let points: UnsafeMutablePointer<Point>
    private let count: Int

    /// `times` ascending from 0, one per matrix (at least two).
    init(times: [Double], matrices: [Transform3D]) {
        precondition(times.count == matrices.count && times.count >= 2, "a matrix track needs two points or more")
        count = times.count
        points = .allocate(capacity: count)
        for index in 0..<count {
            (points + index).initialize(
                to: Point(time: times[index], matrix: matrices[index], parts: matrices[index].decomposition))
        }
    }

    func deallocate() { points.deallocate() }

    /// Writes the matrix at progress `p` to `destination` (as `MatrixStorage` lays it out).
    @inline(__always)
    func write(at p: Double, to destination: UnsafeMutablePointer<Double>) {
        let value: Transform3D
        if p <= points[0].time {
            value = points[0].matrix
        } else if p >= points[count - 1].time {
            value = points[count - 1].matrix
        } else {
            var index = 0
            while index + 2 < count, points[index + 1].time < p { index += 1 }
            let a = points + index, b = points + index + 1
            let span = b.pointee.time - a.pointee.time
            value = Self.interpolate(a, b, fraction: span > 0 ? (p - a.pointee.time) / span : 1)
        }
        MatrixStorage.write(value, to: destination)
    }

    /// `Transform3D.interpolate`, with the decompositions made once.
    @inline(__always)
    private static func interpolate(_ a: UnsafeMutablePointer<Point>, _ b: UnsafeMutablePointer<Point>, fraction t: Double) -> Transform3D {
        let from = a.pointee.matrix, to = b.pointee.matrix
        if t == 0 || from == to { return from }
        if t == 1 { return to }
        guard let fromParts = a.pointee.parts, let toParts = b.pointee.parts, !(from.isAffine && to.isAffine) else {
            return Transform3D.interpolate(from, to, fraction: t)
        }
        return Transform3D(fromParts.interpolated(to: toParts, fraction: t))
    }
}
