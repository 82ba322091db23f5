import ScrimCore

/// Reads a table of option values field by field, for scenes and interaction scripts. Every error
/// is a `SceneError` whose message names the field's path and what was expected:
/// `scene.window.width: expected a number, got a string`. Fields it is not asked for are ignored.
///
/// Geometry and colors that arrive as option values (`.rect`, `.color`, … from Lua) read as the
/// objects and arrays they stand for, so a scene reads the same whichever way it was written.
package struct OptionReader: Sendable {
    package let table: [String: OptionValue]
    /// Where this table is, for messages: `scene.json`, `params.scene.viewControllers[2]`.
    package let path: String
    /// Whether an empty table also reads as an empty array, here and in every nested table: data
    /// from Lua, where an empty table is both.
    package let emptyTableIsEmptyArray: Bool

    package init(_ table: [String: OptionValue], path: String, emptyTableIsEmptyArray: Bool = false) {
        self.table = table
        self.path = path
        self.emptyTableIsEmptyArray = emptyTableIsEmptyArray
    }

    /// A reader of `value`, which must be a table.
    package init(_ value: OptionValue, path: String, emptyTableIsEmptyArray: Bool = false) throws(SceneError) {
        guard let table = value.fields else { throw SceneError(path, "expected an object, got \(value.typeNameWithArticle)") }
        self.init(table, path: path, emptyTableIsEmptyArray: emptyTableIsEmptyArray)
    }

    package func contains(_ key: String) -> Bool { table[key] != nil }

    package func field(_ key: String) -> String { "\(path).\(key)" }

    private func required(_ key: String, _ expected: String) throws(SceneError) -> OptionValue {
        guard let value = table[key] else { throw SceneError(field(key), "missing; expected \(expected)") }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: OptionValue) -> SceneError {
        SceneError(field(key), "expected \(expected), got \(value.typeNameWithArticle)")
    }

    // MARK: Scalars

    package func string(_ key: String) throws(SceneError) -> String {
        let value = try required(key, "a string")
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    package func optionalString(_ key: String) throws(SceneError) -> String? {
        contains(key) ? try string(key) : nil
    }

    package func bool(_ key: String) throws(SceneError) -> Bool {
        let value = try required(key, "true or false")
        guard case .bool(let flag) = value else { throw mismatch(key, "true or false", value) }
        return flag
    }

    package func optionalBool(_ key: String) throws(SceneError) -> Bool? {
        contains(key) ? try bool(key) : nil
    }

    /// A finite number, optionally within `range`.
    package func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(SceneError) -> Double {
        let value = try required(key, "a number")
        guard case .number(let number) = value else { throw mismatch(key, "a number", value) }
        guard number.isFinite else { throw SceneError(field(key), "expected a finite number") }
        if let range, !range.contains(number) {
            throw SceneError(
                field(key),
                "expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), got \(Self.format(number))")
        }
        return number
    }

    package func optionalNumber(_ key: String, in range: ClosedRange<Double>? = nil) throws(SceneError) -> Double? {
        contains(key) ? try number(key, in: range) : nil
    }

    /// `600` rather than `600.0` in messages.
    package static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// One of `allowed` (a string).
    package func choice(_ key: String, _ allowed: [String]) throws(SceneError) -> String {
        let text = try string(key)
        guard allowed.contains(text) else {
            throw SceneError(field(key), "expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\"")
        }
        return text
    }

    /// An enumeration by its case name (`"fullScreen"`, `"crossDissolve"`).
    package func optionalCase<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(SceneError) -> T?
    where T.RawValue == String {
        guard contains(key) else { return nil }
        return T(rawValue: try choice(key, T.allCases.map(\.rawValue)))
    }

    // MARK: Structures

    package func nested(_ key: String) throws(SceneError) -> OptionReader {
        let value = try required(key, "an object")
        guard let table = value.fields else { throw mismatch(key, "an object", value) }
        return OptionReader(table, path: field(key), emptyTableIsEmptyArray: emptyTableIsEmptyArray)
    }

    private func array(_ key: String) throws(SceneError) -> [OptionValue] {
        let value = try required(key, "an array")
        if emptyTableIsEmptyArray, value == .table([:]) { return [] }
        guard let items = value.items else { throw mismatch(key, "an array", value) }
        return items
    }

    package func optionalStrings(_ key: String) throws(SceneError) -> [String]? {
        guard contains(key) else { return nil }
        return try array(key).enumerated().map { (index, item) throws(SceneError) -> String in
            guard case .string(let text) = item else {
                throw SceneError("\(field(key))[\(index)]", "expected a string, got \(item.typeNameWithArticle)")
            }
            return text
        }
    }

    /// The tables of an array, each as a reader with its own path.
    package func objects(_ key: String) throws(SceneError) -> [OptionReader] {
        try array(key).enumerated().map { (index, item) throws(SceneError) -> OptionReader in
            guard let table = item.fields else {
                throw SceneError("\(field(key))[\(index)]", "expected an object, got \(item.typeNameWithArticle)")
            }
            return OptionReader(table, path: "\(field(key))[\(index)]", emptyTableIsEmptyArray: emptyTableIsEmptyArray)
        }
    }

    // MARK: Geometry: rects `{ x, y, width, height }`, sizes `{ width, height }`, colors `[r, g, b, a]`, transforms `[a, b, c, d, tx, ty]`

    package func size(_ key: String) throws(SceneError) -> Size {
        let nested = try nested(key)
        return Size(width: try nested.number("width", in: 0...1e7), height: try nested.number("height", in: 0...1e7))
    }

    package func rect(_ key: String) throws(SceneError) -> Rect {
        let nested = try nested(key)
        return Rect(
            x: try nested.number("x"), y: try nested.number("y"), width: try nested.number("width", in: 0...1e7),
            height: try nested.number("height", in: 0...1e7))
    }

    private func numbers(_ key: String, count: Int, expected: String) throws(SceneError) -> [Double] {
        let items = try array(key)
        guard items.count == count else { throw SceneError(field(key), "expected \(expected), got \(items.count) elements") }
        return try items.enumerated().map { (index, item) throws(SceneError) -> Double in
            guard case .number(let number) = item, number.isFinite else {
                throw SceneError("\(field(key))[\(index)]", "expected a finite number, got \(item.typeNameWithArticle)")
            }
            return number
        }
    }

    package func color(_ key: String) throws(SceneError) -> Color {
        let c = try numbers(key, count: 4, expected: "[red, green, blue, alpha] in 0…1")
        guard c.allSatisfy({ (0...1).contains($0) }) else {
            throw SceneError(field(key), "expected [red, green, blue, alpha] in 0…1")
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    package func transform(_ key: String) throws(SceneError) -> ScrimCore.AffineTransform {
        let t = try numbers(key, count: 6, expected: "[a, b, c, d, tx, ty]")
        return ScrimCore.AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
    }
}

extension OptionValue {
    /// The value as a table: a table, or geometry as the object it stands for.
    fileprivate var fields: [String: OptionValue]? {
        switch self {
        case .table(let table): table
        case .point(let p): ["x": .number(p.x), "y": .number(p.y)]
        case .size(let s): ["width": .number(s.width), "height": .number(s.height)]
        case .rect(let r): ["x": .number(r.minX), "y": .number(r.minY), "width": .number(r.width), "height": .number(r.height)]
        default: nil
        }
    }

    /// The value as an array: an array, or a color or transform as its numbers.
    fileprivate var items: [OptionValue]? {
        switch self {
        case .array(let items): items
        case .color(let c): [c.red, c.green, c.blue, c.alpha].map(OptionValue.number)
        case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty].map(OptionValue.number)
        default: nil
        }
    }

    /// For messages, as JSON names it: `a number`, `an object`.
    package var typeNameWithArticle: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "a boolean"
        case .array, .color, .transform: "an array"
        case .table, .point, .size, .rect: "an object"
        }
    }
}
