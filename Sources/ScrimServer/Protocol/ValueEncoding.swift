import Foundation
import ScrimCore
internal import ScrimJSON

// How Scrim's values are written in JSON (Docs/Protocol.md, "Names and values"): rects
// `{ x, y, width, height }`, points `{ x, y }`, sizes `{ width, height }`, colors `[r, g, b, a]`,
// transforms `[a, b, c, d, tx, ty]`, 3-D transforms `[m11, m12, … m44]`.

extension Point {
    var json: JSONValue { ["x": .double(x), "y": .double(y)] }
}

extension Size {
    var json: JSONValue { ["width": .double(width), "height": .double(height)] }
}

extension Rect {
    var json: JSONValue { ["x": .double(minX), "y": .double(minY), "width": .double(width), "height": .double(height)] }
}

extension Color {
    var json: JSONValue { [.double(red), .double(green), .double(blue), .double(alpha)] }
}

extension ScrimCore.AffineTransform {
    var json: JSONValue { [.double(a), .double(b), .double(c), .double(d), .double(tx), .double(ty)] }
}

extension Transform3D {
    var json: JSONValue {
        .array([m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map(JSONValue.double))
    }
}

extension ViewValues {
    /// The animatable values of a view, as `scrim/frame` and the `ViewTree` write them.
    func json(into object: inout JSONObject, isDoubleSided: Bool) {
        object["frame"] = frame.json
        object["bounds"] = bounds.json
        object["center"] = center.json
        object["transform"] = transform.json
        object["alpha"] = .double(alpha)
        object["backgroundColor"] = backgroundColor.json
        object["cornerRadius"] = .double(cornerRadius)
        for (key, value) in layerJSON(isDoubleSided: isDoubleSided) { object[key] = value }
    }

    /// Core Animation's values at their defaults (`ViewValues` documents them).
    private static let layerDefaults = ViewValues(center: .zero, bounds: .zero)

    /// The layer's values that differ from their defaults, in order: a non-identity
    /// `transform3D`, then `anchorPoint`, `zPosition`, `sublayerTransform`, the shadow's, the
    /// border's and a false `isDoubleSided`. Left out at their defaults, so that the frames of
    /// views without them stay as small as before (and nothing is allocated for them).
    func layerJSON(isDoubleSided: Bool) -> [(String, JSONValue)] {
        let defaults = Self.layerDefaults
        var entries: [(String, JSONValue)] = []
        if !transform3D.isIdentity { entries.append(("transform3D", transform3D.json)) }
        if anchorPoint != defaults.anchorPoint { entries.append(("anchorPoint", anchorPoint.json)) }
        if zPosition != defaults.zPosition { entries.append(("zPosition", .double(zPosition))) }
        if !sublayerTransform.isIdentity { entries.append(("sublayerTransform", sublayerTransform.json)) }
        if shadowColor != defaults.shadowColor { entries.append(("shadowColor", shadowColor.json)) }
        if shadowOpacity != defaults.shadowOpacity { entries.append(("shadowOpacity", .double(shadowOpacity))) }
        if shadowRadius != defaults.shadowRadius { entries.append(("shadowRadius", .double(shadowRadius))) }
        if shadowOffset != defaults.shadowOffset { entries.append(("shadowOffset", shadowOffset.json)) }
        if borderWidth != defaults.borderWidth { entries.append(("borderWidth", .double(borderWidth))) }
        if borderColor != defaults.borderColor { entries.append(("borderColor", borderColor.json)) }
        if !isDoubleSided { entries.append(("isDoubleSided", .bool(false))) }
        return entries
    }
}

extension View {
    /// `{ id, frame, bounds, center, transform, alpha, backgroundColor, cornerRadius, …, isHidden }`
    /// with presentation (or model) values, the layer's values that are not at their defaults in
    /// the middle: one entry of `scrim/frame`.
    @MainActor
    func frameJSON(presentation: Bool = true) -> JSONObject {
        var object: JSONObject = ["id": .string(id)]
        (presentation ? self.presentation : model).json(into: &object, isDoubleSided: isDoubleSided)
        object["isHidden"] = .bool(isHidden)
        return object
    }

    /// A `ViewTree`: the view with `name`, its content (`contentJSON`) and its subviews, back
    /// to front.
    @MainActor
    func treeJSON(presentation: Bool = true) -> JSONValue {
        var object: JSONObject = ["id": .string(id)]
        if let name { object["name"] = .string(name) }
        for (key, value) in contentJSON ?? [:] { object[key] = value }
        (presentation ? self.presentation : model).json(into: &object, isDoubleSided: isDoubleSided)
        object["isHidden"] = .bool(isHidden)
        object["subviews"] = .array(subviews.map { $0.treeJSON(presentation: presentation) })
        return .object(object)
    }
}
