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

    /// A `ViewTree`: the view with `name` and its subviews, back to front.
    @MainActor
    func treeJSON(presentation: Bool = true) -> JSONValue {
        var object: JSONObject = ["id": .string(id)]
        if let name { object["name"] = .string(name) }
        (presentation ? self.presentation : model).json(into: &object)
        object["isHidden"] = .bool(isHidden)
        object["subviews"] = .array(subviews.map { $0.treeJSON(presentation: presentation) })
        return .object(object)
    }
}

extension OptionValue {
    /// How deeply options from JSON may nest, counting the options object: as deeply as a Lua
    /// plugin's options may (`LuaCall.optionValue`), which bounds the recursion here and the Lua
    /// stack that pushing them to a plugin takes.
    static let maximumJSONDepth = 16

    /// Options for a role from JSON: objects with the fields of a rect, point or size become
    /// geometry, `[r, g, b, a]` stays an array; `null` is left out. `depth` is the value's level
    /// (a member of the options object is at level 1).
    ///
    /// - Throws: -32602 naming `field` (the options) when they nest deeper than `maximumJSONDepth`.
    init?(json: JSONValue, field: String, depth: Int = 1) throws(ResponseError) {
        guard depth < Self.maximumJSONDepth else {
            throw .invalidParams(field, "options nest deeper than \(Self.maximumJSONDepth) levels")
        }
        switch json {
        case .null: return nil
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items):
            var values: [OptionValue] = []
            for item in items {
                if let value = try OptionValue(json: item, field: field, depth: depth + 1) { values.append(value) }
            }
            self = .array(values)
        case .object(let object):
            let keys = Set(object.keys)
            func number(_ key: String) -> Double? { object[key]?.doubleValue }
            if keys == ["x", "y", "width", "height"], let x = number("x"), let y = number("y"), let w = number("width"),
                let h = number("height")
            {
                self = .rect(Rect(x: x, y: y, width: w, height: h))
            } else if keys == ["x", "y"], let x = number("x"), let y = number("y") {
                self = .point(Point(x: x, y: y))
            } else if keys == ["width", "height"], let w = number("width"), let h = number("height") {
                self = .size(Size(width: w, height: h))
            } else {
                var table: [String: OptionValue] = [:]
                for (key, value) in object { table[key] = try OptionValue(json: value, field: field, depth: depth + 1) }
                self = .table(table)
            }
        }
    }
}
