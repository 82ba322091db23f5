import Foundation
import ScrimCore
internal import ScrimJSON

// How Scrim's values are written in JSON (Docs/Protocol.md, "Names and values"): rects
// `{ x, y, width, height }`, points `{ x, y }`, sizes `{ width, height }`, colors `[r, g, b, a]`,
// transforms `[a, b, c, d, tx, ty]`.

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

extension ViewValues {
    /// The animatable values of a view, as `scrim/frame` and the `ViewTree` write them.
    func json(into object: inout JSONObject) {
        object["frame"] = frame.json
        object["bounds"] = bounds.json
        object["center"] = center.json
        object["transform"] = transform.json
        object["alpha"] = .double(alpha)
        object["backgroundColor"] = backgroundColor.json
        object["cornerRadius"] = .double(cornerRadius)
    }
}

extension View {
    /// `{ id, frame, bounds, center, transform, alpha, backgroundColor, cornerRadius, isHidden }`
    /// with presentation (or model) values: one entry of `scrim/frame`.
    @MainActor
    func frameJSON(presentation: Bool = true) -> JSONObject {
        var object: JSONObject = ["id": .string(id)]
        (presentation ? self.presentation : model).json(into: &object)
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
        (presentation ? self.presentation : model).json(into: &object)
        object["isHidden"] = .bool(isHidden)
        object["subviews"] = .array(subviews.map { $0.treeJSON(presentation: presentation) })
        return .object(object)
    }
}
