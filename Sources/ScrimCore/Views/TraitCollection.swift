/// The horizontal size class of a window: compact below 600 points wide, else regular.
public enum UserInterfaceSizeClass: String, Sendable, Hashable, Codable, CaseIterable {
    case compact, regular
}

/// The traits of a window's environment that presentation styles adapt to.
public struct TraitCollection: Sendable, Hashable {
    public var horizontalSizeClass: UserInterfaceSizeClass

    public init(horizontalSizeClass: UserInterfaceSizeClass) {
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// The width below which a window is horizontally compact.
    public static let compactWidthLimit = 600.0

    /// The traits a window of this width has when none are forced.
    public static func forWidth(_ width: Double) -> TraitCollection {
        TraitCollection(horizontalSizeClass: width < compactWidthLimit ? .compact : .regular)
    }
}
