import ScrimCore

/// One view's state in a frame of a preview: its presentation values (what is on screen), whether
/// it is hidden, whether it clips its subviews and whether it shows its back.
package struct PreviewViewState: Sendable, Hashable {
    package var values: ViewValues
    package var isHidden: Bool
    package var clipsToBounds: Bool
    package var isDoubleSided: Bool

    package init(values: ViewValues, isHidden: Bool = false, clipsToBounds: Bool = false, isDoubleSided: Bool = true) {
        self.values = values
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
        self.isDoubleSided = isDoubleSided
    }

    /// The view's state now.
    @MainActor package init(_ view: View) {
        self.init(
            values: view.presentation, isHidden: view.isHidden, clipsToBounds: view.clipsToBounds,
            isDoubleSided: view.isDoubleSided)
    }

    /// The names of `fields`, in order: the page's data and its script index a view's state by them.
    package static let fieldNames: [String] = {
        func matrix(_ name: String) -> [String] { (1...4).flatMap { row in (1...4).map { "\(name).m\(row)\($0)" } } }
        func color(_ name: String) -> [String] { ["red", "green", "blue", "alpha"].map { "\(name).\($0)" } }
        return ["center.x", "center.y", "bounds.x", "bounds.y", "bounds.width", "bounds.height"]
            + matrix("transform") + ["alpha"] + color("backgroundColor") + ["cornerRadius", "anchorPoint.x", "anchorPoint.y", "zPosition"]
            + matrix("sublayerTransform") + color("shadowColor")
            + ["shadowOpacity", "shadowRadius", "shadowOffset.width", "shadowOffset.height", "borderWidth"]
            + color("borderColor") + ["isHidden", "clipsToBounds", "isDoubleSided"]
    }()

    /// The state as numbers, in `fieldNames` order (the flags as 0 or 1).
    package var fields: [Double] {
        let v = values
        func matrix(_ t: Transform3D) -> [Double] {
            [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        }
        func color(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.alpha] }
        return [v.center.x, v.center.y, v.bounds.x, v.bounds.y, v.bounds.width, v.bounds.height]
            + matrix(v.transform3D) + [v.alpha] + color(v.backgroundColor)
            + [v.cornerRadius, v.anchorPoint.x, v.anchorPoint.y, v.zPosition]
            + matrix(v.sublayerTransform) + color(v.shadowColor)
            + [v.shadowOpacity, v.shadowRadius, v.shadowOffset.width, v.shadowOffset.height, v.borderWidth]
            + color(v.borderColor) + [isHidden ? 1 : 0, clipsToBounds ? 1 : 0, isDoubleSided ? 1 : 0]
    }

    /// Where an animatable property's components are in `fields`.
    package static func fieldRange(of property: AnimatableProperty) -> Range<Int> {
        let start: Int
        switch property {
        case .center: start = 0
        case .bounds: start = 2
        case .transform: start = 6
        case .alpha: start = 22
        case .backgroundColor: start = 23
        case .cornerRadius: start = 27
        case .anchorPoint: start = 28
        case .zPosition: start = 30
        case .sublayerTransform: start = 31
        case .shadowColor: start = 47
        case .shadowOpacity: start = 51
        case .shadowRadius: start = 52
        case .shadowOffset: start = 53
        case .borderWidth: start = 55
        case .borderColor: start = 56
        }
        return start..<(start + property.componentCount)
    }
}
