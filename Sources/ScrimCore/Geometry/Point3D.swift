/// A location in three dimensions, in Core Animation's axes: x grows right, y grows down and
/// z grows toward the viewer.
public struct Point3D: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal coordinate, growing right.
    public var x: Double
    /// The vertical coordinate, growing down.
    public var y: Double
    /// The depth, growing toward the viewer.
    public var z: Double

    /// A point from its three coordinates.
    public init(x: Double, y: Double, z: Double) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    /// The origin.
    public static let zero = Point3D(x: 0, y: 0, z: 0)

    /// True when every coordinate is finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The coordinates, as `(x, y, z)`.
    public var description: String {
        "(\(x.shortDescription), \(y.shortDescription), \(z.shortDescription))"
    }
}
