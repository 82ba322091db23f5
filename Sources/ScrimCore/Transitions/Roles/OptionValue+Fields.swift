extension OptionValue {
    /// The geometry or color whose fields are exactly the members of `table`, all finite numbers:
    /// a rect `{ x, y, width, height }`, a point `{ x, y }`, a size `{ width, height }`, a color
    /// `{ red, green, blue [, alpha] }`; nil for any other table. How role options from JSON and
    /// from Lua tell geometry from tables alike (Docs/Protocol.md, "Options").
    package init?(fields table: [String: OptionValue]) {
        guard (2...4).contains(table.count) else { return nil }
        var numbers: [String: Double] = [:]
        for (key, value) in table {
            guard case .number(let number) = value, number.isFinite else { return nil }
            numbers[key] = number
        }
        switch Set(numbers.keys) {
        case ["x", "y", "width", "height"]:
            self = .rect(Rect(x: numbers["x"]!, y: numbers["y"]!, width: numbers["width"]!, height: numbers["height"]!))
        case ["x", "y"]: self = .point(Point(x: numbers["x"]!, y: numbers["y"]!))
        case ["width", "height"]: self = .size(Size(width: numbers["width"]!, height: numbers["height"]!))
        case ["red", "green", "blue"], ["red", "green", "blue", "alpha"]:
            self = .color(Color(red: numbers["red"]!, green: numbers["green"]!, blue: numbers["blue"]!, alpha: numbers["alpha"] ?? 1))
        default: return nil
        }
    }
}
