/// A rectangle: an origin and a size. Like `CGRect`, the edges are computed from a standardized
/// rectangle, so a negative width or height still gives `minX ≤ maxX` and `minY ≤ maxY`.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { (self.origin, self.size) = (origin, size) }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { get { origin.x } set { origin.x = newValue } }
    public var y: Double { get { origin.y } set { origin.y = newValue } }
    public var width: Double { get { size.width } set { size.width = newValue } }
    public var height: Double { get { size.height } set { size.height = newValue } }

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var midX: Double { origin.x + size.width / 2 }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var midY: Double { origin.y + size.height / 2 }
    public var maxY: Double { max(origin.y, origin.y + size.height) }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// True when the width or the height is zero (or the rectangle is not finite).
    public var isEmpty: Bool { size.width == 0 || size.height == 0 || !isFinite }

    /// True when every component is finite.
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom
    /// (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle containing both; an empty rectangle does not contribute.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        let maxX = Swift.max(self.maxX, other.maxX), maxY = Swift.max(self.maxY, other.maxY)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The overlap of the two rectangles, or `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let minX = Swift.max(self.minX, other.minX), minY = Swift.max(self.minY, other.minY)
        let maxX = Swift.min(self.maxX, other.maxX), maxY = Swift.min(self.maxY, other.maxY)
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether the point lies inside; like `CGRect`, the maximum edges are excluded.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    /// JSON form `{ x, y, width, height }`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .width),
            height: try container.decode(Double.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }

    public var description: String {
        "(\(origin.x.shortDescription), \(origin.y.shortDescription), "
            + "\(size.width.shortDescription), \(size.height.shortDescription))"
    }
}
