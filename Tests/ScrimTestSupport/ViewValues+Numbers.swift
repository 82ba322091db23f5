import ScrimCore

extension ViewValues {
    /// Every animatable number of the view and its layer, named (`frame.x`, `transform3D.m34`,
    /// `shadowOpacity`…), to compare two views' values within a tolerance.
    public var namedNumbers: [(name: String, value: Double)] {
        [
            ("frame.x", frame.minX), ("frame.y", frame.minY), ("frame.width", frame.width), ("frame.height", frame.height),
            ("center.x", center.x), ("center.y", center.y), ("bounds.width", bounds.width), ("bounds.height", bounds.height),
            ("alpha", alpha), ("cornerRadius", cornerRadius), ("anchorPoint.x", anchorPoint.x), ("anchorPoint.y", anchorPoint.y),
            ("zPosition", zPosition), ("shadowOpacity", shadowOpacity), ("shadowRadius", shadowRadius),
            ("shadowOffset.width", shadowOffset.width), ("shadowOffset.height", shadowOffset.height),
            ("borderWidth", borderWidth),
        ] + Self.entries(of: transform3D, "transform3D") + Self.entries(of: sublayerTransform, "sublayerTransform")
    }

    private static func entries(of t: Transform3D, _ name: String) -> [(name: String, value: Double)] {
        let values = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        return values.enumerated().map { ("\(name).m\($0.offset / 4 + 1)\($0.offset % 4 + 1)", $0.element) }
    }

    /// The names of the numbers that differ from `other`'s by more than `tolerance`, with both values.
    public func differences(from other: ViewValues, tolerance: Double) -> [String] {
        zip(namedNumbers, other.namedNumbers).compactMap { a, b in
            abs(a.value - b.value) <= tolerance ? nil : "\(a.name): \(a.value) vs \(b.value)"
        }
    }
}
