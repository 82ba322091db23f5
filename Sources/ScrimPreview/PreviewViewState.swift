import ScrimCore

/// One view's state in a frame of a preview: its presentation values (what is on screen), whether
/// it is hidden and whether it clips its subviews.
package struct PreviewViewState: Sendable, Hashable {
    package var values: ViewValues
    package var isHidden: Bool
    package var clipsToBounds: Bool

    package init(values: ViewValues, isHidden: Bool = false, clipsToBounds: Bool = false) {
        self.values = values
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
    }

    /// The view's state now.
    @MainActor package init(_ view: View) {
        self.init(values: view.presentation, isHidden: view.isHidden, clipsToBounds: view.clipsToBounds)
    }

    /// The names of `fields`, in order: the page's data and its script index a view's state by them.
    package static let fieldNames = [
        "center.x", "center.y", "bounds.x", "bounds.y", "bounds.width", "bounds.height",
        "transform.a", "transform.b", "transform.c", "transform.d", "transform.tx", "transform.ty",
        "alpha", "backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha",
        "cornerRadius", "isHidden", "clipsToBounds",
    ]

    /// The state as numbers, in `fieldNames` order (the flags as 0 or 1).
    package var fields: [Double] {
        let v = values
        return [
            v.center.x, v.center.y, v.bounds.x, v.bounds.y, v.bounds.width, v.bounds.height,
            v.transform.a, v.transform.b, v.transform.c, v.transform.d, v.transform.tx, v.transform.ty,
            v.alpha, v.backgroundColor.red, v.backgroundColor.green, v.backgroundColor.blue, v.backgroundColor.alpha,
            v.cornerRadius, isHidden ? 1 : 0, clipsToBounds ? 1 : 0,
        ]
    }

    /// Where an animatable property's components are in `fields`.
    package static func fieldRange(of property: AnimatableProperty) -> Range<Int> {
        switch property {
        case .center: 0..<2
        case .bounds: 2..<6
        case .transform: 6..<12
        case .alpha: 12..<13
        case .backgroundColor: 13..<17
        case .cornerRadius: 17..<18
        }
    }
}
