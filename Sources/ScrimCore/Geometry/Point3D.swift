/// A location in three dimensions, in Core Animation's axes: x grows right, y grows down and
/// z grows toward the viewer.
public struct Point3D: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    public static let zero = Point3D(x: 0, y: 0, z: 0)

    /// True when every coordinate is finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    public var description: String {
        "(\(x.shortDescription), \(y.shortDescription), \(z.shortDescription))"
    }
}
