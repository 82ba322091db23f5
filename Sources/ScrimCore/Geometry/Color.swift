/// An RGBA color with components in 0…1 (straight, not premultiplied, alpha).
/// Animations interpolate it component-wise in premultiplied space, so fading to `.clear`
/// does not pass through grey.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// A color from `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` if malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255, green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    /// True when every component is finite.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// The color a fraction `t` of the way to `other`, interpolated in premultiplied space.
    /// The endpoints are exact: `t == 0` gives `self` and `t == 1` gives `other`.
    public func interpolated(to other: Color, fraction t: Double) -> Color {
        if t == 0 { return self }
        if t == 1 { return other }
        let alpha = self.alpha * (1 - t) + other.alpha * t
        func channel(_ from: Double, _ to: Double) -> Double {
            let premultiplied = from * self.alpha * (1 - t) + to * other.alpha * t
            return alpha == 0 ? 0 : premultiplied / alpha
        }
        return Color(
            red: channel(red, other.red), green: channel(green, other.green),
            blue: channel(blue, other.blue), alpha: alpha)
    }

    public var description: String {
        "rgba(\([red, green, blue, alpha].map(\.shortDescription).joined(separator: ", ")))"
    }
}
