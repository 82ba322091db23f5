/// A location in a two-dimensional coordinate system (UIKit: origin top-left, y grows down).
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x, y: Double

    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }

    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x.shortDescription), \(y.shortDescription))" }
}

/// A width and a height.
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width, height: Double

    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }

    public static let zero = Size(width: 0, height: 0)

    /// True when both dimensions are finite (neither NaN nor infinite).
    public var isFinite: Bool { width.isFinite && height.isFinite }

    public var description: String { "\(width.shortDescription)×\(height.shortDescription)" }
}

extension Double {
    /// A compact rendering for descriptions: integers without a fraction, others to 4 decimals.
    var shortDescription: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        let scaled = (self * 10_000).rounded() / 10_000
        return String(scaled)
    }
}
