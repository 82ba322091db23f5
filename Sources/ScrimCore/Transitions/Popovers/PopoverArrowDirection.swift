/// The sides a popover's arrow can point to (`UIPopoverArrowDirection`). The arrow points at the
/// source: `up` puts the popover below the source, `down` above it, `left` to its right and
/// `right` to its left.
public struct PopoverArrowDirection: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let up = PopoverArrowDirection(rawValue: 1 << 0)
    public static let down = PopoverArrowDirection(rawValue: 1 << 1)
    public static let left = PopoverArrowDirection(rawValue: 1 << 2)
    public static let right = PopoverArrowDirection(rawValue: 1 << 3)
    /// Every direction.
    public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
    /// No direction: a popover not laid out yet, laid out without an arrow, or adapted to
    /// another style.
    public static let unknown: PopoverArrowDirection = []

    /// The single directions in the order a popover tries them: up, down, left, right.
    static let layoutOrder: [PopoverArrowDirection] = [.up, .down, .left, .right]

    /// The names of the single directions, in layout order.
    private static let names: [(name: String, direction: PopoverArrowDirection)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
    ]

    /// The single direction called `name`, or nil.
    public init?(name: String) {
        guard let found = Self.names.first(where: { $0.name == name }) else { return nil }
        self = found.direction
    }

    /// The names of the directions in this set, in layout order.
    public var directionNames: [String] { Self.names.filter { contains($0.direction) }.map(\.name) }

    /// `up`, `[up, left]`, `any`, `unknown`.
    public var description: String {
        if self == .any { return "any" }
        if isEmpty { return "unknown" }
        let names = directionNames
        return names.count == 1 ? names[0] : "[\(names.joined(separator: ", "))]"
    }
}
