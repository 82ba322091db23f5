import ScrimCore
package import ScrimJSON

/// Reads a message's `params` (or an object inside them) field by field. Every error is a -32602
/// whose message names the field's path and what was expected: `params.location.x: expected a
/// number, got a string`. Fields the server does not know are ignored (LSP's forward
/// compatibility).
package struct Params: Sendable {
    package let object: JSONObject
    /// Where this object is, for messages: `params`, `params.window`, `params.scene.viewControllers[2]`.
    package let path: String
    /// Whether `{}` also reads as an empty array, here and in every nested object: data from Lua,
    /// where an empty table is both.
    package let emptyObjectIsEmptyArray: Bool

    /// The params of a message: absent means `{}`, and so does an empty array (no positional
    /// params: Lua clients such as Neovim 0.7 encode an empty table `{}` as `[]`); any other array
    /// is refused (every method takes named params).
    package init(_ value: JSONValue?, path: String = "params", emptyObjectIsEmptyArray: Bool = false) throws(ResponseError) {
        switch value {
        case nil, .null?, .array([])?: self.init(object: [:], path: path, emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
        case .object(let object)?: self.init(object: object, path: path, emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
        case let other?: throw .invalidParams(path, "expected an object, got \(other.typeNameWithArticle)")
        }
    }

    package init(object: JSONObject, path: String, emptyObjectIsEmptyArray: Bool = false) {
        self.object = object
        self.path = path
        self.emptyObjectIsEmptyArray = emptyObjectIsEmptyArray
    }

    package func contains(_ key: String) -> Bool {
        if let value = object[key], !value.isNull { return true }
        return false
    }

    func field(_ key: String) -> String { "\(path).\(key)" }

    private func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func required(_ key: String, _ expected: String) throws(ResponseError) -> JSONValue {
        guard let value = value(key) else { throw .invalidParams(field(key), "missing; expected \(expected)") }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ResponseError {
        .invalidParams(field(key), "expected \(expected), got \(value.typeNameWithArticle)")
    }

    // MARK: Scalars

    package func string(_ key: String) throws(ResponseError) -> String {
        let value = try required(key, "a string")
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    package func optionalString(_ key: String) throws(ResponseError) -> String? {
        contains(key) ? try string(key) : nil
    }

    package func bool(_ key: String) throws(ResponseError) -> Bool {
        let value = try required(key, "true or false")
        guard case .bool(let flag) = value else { throw mismatch(key, "true or false", value) }
        return flag
    }

    package func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
        contains(key) ? try bool(key) : nil
    }

    /// A finite number, optionally within `range`.
    package func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(ResponseError) -> Double {
        let value = try required(key, "a number")
        guard let number = value.doubleValue else { throw mismatch(key, "a number", value) }
        guard number.isFinite else { throw .invalidParams(field(key), "expected a finite number") }
        if let range, !range.contains(number) {
            throw .invalidParams(
                field(key), "expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), got \(Self.format(number))")
        }
        return number
    }

    /// `600` rather than `600.0` in messages.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    package func optionalNumber(_ key: String, in range: ClosedRange<Double>? = nil) throws(ResponseError) -> Double? {
        contains(key) ? try number(key, in: range) : nil
    }

    package func integer(_ key: String) throws(ResponseError) -> Int {
        let value = try required(key, "an integer")
        guard let number = value.intValue else { throw mismatch(key, "an integer", value) }
        return number
    }

    /// One of `allowed` (a string).
    package func choice(_ key: String, _ allowed: [String]) throws(ResponseError) -> String {
        let text = try string(key)
        guard allowed.contains(text) else {
            throw .invalidParams(field(key), "expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\"")
        }
        return text
    }

    package func optionalChoice(_ key: String, _ allowed: [String]) throws(ResponseError) -> String? {
        contains(key) ? try choice(key, allowed) : nil
    }

    /// An enumeration by its case name (`"fullScreen"`, `"crossDissolve"`).
    package func optionalCase<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(ResponseError) -> T?
    where T.RawValue == String {
        guard contains(key) else { return nil }
        return T(rawValue: try choice(key, T.allCases.map(\.rawValue)))
    }

    // MARK: Structures

    package func nested(_ key: String) throws(ResponseError) -> Params {
        let value = try required(key, "an object")
        guard case .object(let object) = value else { throw mismatch(key, "an object", value) }
        return Params(object: object, path: field(key), emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
    }

    package func optionalNested(_ key: String) throws(ResponseError) -> Params? {
        contains(key) ? try nested(key) : nil
    }

    package func array(_ key: String) throws(ResponseError) -> [JSONValue] {
        let value = try required(key, "an array")
        if emptyObjectIsEmptyArray, value == .object([:]) { return [] }
        guard case .array(let items) = value else { throw mismatch(key, "an array", value) }
        return items
    }

    package func optionalStrings(_ key: String) throws(ResponseError) -> [String]? {
        guard contains(key) else { return nil }
        return try array(key).enumerated().map { (index, item) throws(ResponseError) -> String in
            guard case .string(let text) = item else {
                throw .invalidParams("\(field(key))[\(index)]", "expected a string, got \(item.typeNameWithArticle)")
            }
            return text
        }
    }

    /// The objects of an array, each as `Params` with its own path.
    package func objects(_ key: String) throws(ResponseError) -> [Params] {
        try array(key).enumerated().map { (index, item) throws(ResponseError) -> Params in
            guard case .object(let object) = item else {
                throw .invalidParams("\(field(key))[\(index)]", "expected an object, got \(item.typeNameWithArticle)")
            }
            return Params(object: object, path: "\(field(key))[\(index)]", emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
        }
    }

    // MARK: Geometry (as in Docs/Protocol.md, "Names and values")

    package func point(_ key: String) throws(ResponseError) -> Point {
        let nested = try nested(key)
        return Point(x: try nested.number("x"), y: try nested.number("y"))
    }

    package func size(_ key: String) throws(ResponseError) -> Size {
        let nested = try nested(key)
        return Size(width: try nested.number("width", in: 0...1e7), height: try nested.number("height", in: 0...1e7))
    }

    package func rect(_ key: String) throws(ResponseError) -> Rect {
        let nested = try nested(key)
        return Rect(
            x: try nested.number("x"), y: try nested.number("y"), width: try nested.number("width", in: 0...1e7),
            height: try nested.number("height", in: 0...1e7))
    }

    private func numbers(_ key: String, count: Int, expected: String) throws(ResponseError) -> [Double] {
        let items = try array(key)
        guard items.count == count else { throw .invalidParams(field(key), "expected \(expected), got \(items.count) elements") }
        return try items.enumerated().map { (index, item) throws(ResponseError) -> Double in
            guard let number = item.doubleValue, number.isFinite else {
                throw .invalidParams("\(field(key))[\(index)]", "expected a finite number, got \(item.typeNameWithArticle)")
            }
            return number
        }
    }

    package func color(_ key: String) throws(ResponseError) -> Color {
        let c = try numbers(key, count: 4, expected: "[red, green, blue, alpha] in 0…1")
        guard c.allSatisfy({ (0...1).contains($0) }) else {
            throw .invalidParams(field(key), "expected [red, green, blue, alpha] in 0…1")
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    package func transform(_ key: String) throws(ResponseError) -> ScrimCore.AffineTransform {
        let t = try numbers(key, count: 6, expected: "[a, b, c, d, tx, ty]")
        return ScrimCore.AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
    }
}
