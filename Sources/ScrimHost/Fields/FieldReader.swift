import ScrimCore

/// Reads an object field by field: a message's `params` (`Params`), a scene or an interaction
/// script (`OptionReader`). Every error is a `FieldError` naming the field's path and what was
/// expected (`params.location.x: expected a number, got a string`), thrown as `Failure`. Fields it
/// is not asked for are ignored (LSP's forward compatibility), and so are `null` ones.
///
/// Geometry and colors that arrive as option values (`.rect`, `.color`, … from Lua) read as the
/// objects and arrays they stand for, so a scene reads the same whichever way it was written.
package struct FieldReader<Value: FieldValue, Failure: FieldFailure>: Sendable {
    package let members: Value.Members
    /// Where this object is, for messages: `params`, `scene.json`, `params.scene.viewControllers[2]`.
    package let path: String
    /// Whether an empty object also reads as an empty array, here and in every nested object:
    /// data from Lua, where an empty table is both.
    package let emptyObjectIsEmptyArray: Bool

    package init(members: Value.Members, path: String, emptyObjectIsEmptyArray: Bool = false) {
        self.members = members
        self.path = path
        self.emptyObjectIsEmptyArray = emptyObjectIsEmptyArray
    }

    /// A reader of `value`, which must be an object.
    package init(value: Value, path: String, emptyObjectIsEmptyArray: Bool = false) throws(Failure) {
        guard let members = value.members else { throw Failure(FieldError(path, "expected an object, got \(value.typeNameWithArticle)")) }
        self.init(members: members, path: path, emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
    }

    /// The field `key`; nil when it is absent or null.
    package func value(_ key: String) -> Value? { Value.member(key, of: members) }

    package func contains(_ key: String) -> Bool { value(key) != nil }

    package func field(_ key: String) -> String { "\(path).\(key)" }

    private func failure(_ path: String, _ problem: String) -> Failure { Failure(FieldError(path, problem)) }

    /// The field `key` as `take` reads it, or the error saying it is missing or, when `take`
    /// returns nil, that it is not `expected` ("a string").
    private func read<T>(_ key: String, _ expected: String, _ take: (Value) -> T?) throws(Failure) -> T {
        guard let value = value(key) else { throw failure(field(key), "missing; expected \(expected)") }
        guard let result = take(value) else {
            throw failure(field(key), "expected \(expected), got \(value.typeNameWithArticle)")
        }
        return result
    }

    private func nested(_ members: Value.Members, path: String) -> FieldReader {
        FieldReader(members: members, path: path, emptyObjectIsEmptyArray: emptyObjectIsEmptyArray)
    }

    // MARK: Scalars

    package func string(_ key: String) throws(Failure) -> String {
        try read(key, "a string") { $0.stringValue }
    }

    package func optionalString(_ key: String) throws(Failure) -> String? {
        contains(key) ? try string(key) : nil
    }

    package func bool(_ key: String) throws(Failure) -> Bool {
        try read(key, "true or false") { $0.boolValue }
    }

    package func optionalBool(_ key: String) throws(Failure) -> Bool? {
        contains(key) ? try bool(key) : nil
    }

    /// A finite number, optionally within `range`.
    package func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(Failure) -> Double {
        let number = try read(key, "a number") { $0.doubleValue }
        guard number.isFinite else { throw failure(field(key), "expected a finite number") }
        if let range, !range.contains(number) {
            throw failure(
                field(key),
                "expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), got \(Self.format(number))")
        }
        return number
    }

    package func optionalNumber(_ key: String, in range: ClosedRange<Double>? = nil) throws(Failure) -> Double? {
        contains(key) ? try number(key, in: range) : nil
    }

    /// `600` rather than `600.0` in messages.
    package static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    package func integer(_ key: String) throws(Failure) -> Int {
        try read(key, "an integer") { $0.intValue }
    }

    /// One of `allowed` (a string).
    package func choice(_ key: String, _ allowed: [String]) throws(Failure) -> String {
        let text = try string(key)
        guard allowed.contains(text) else {
            throw failure(field(key), "expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\"")
        }
        return text
    }

    package func optionalChoice(_ key: String, _ allowed: [String]) throws(Failure) -> String? {
        contains(key) ? try choice(key, allowed) : nil
    }

    /// An enumeration by its case name (`"fullScreen"`, `"crossDissolve"`).
    package func optionalCase<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(Failure) -> T?
    where T.RawValue == String {
        guard contains(key) else { return nil }
        return T(rawValue: try choice(key, T.allCases.map(\.rawValue)))
    }

    // MARK: Structures

    package func nested(_ key: String) throws(Failure) -> FieldReader {
        nested(try read(key, "an object") { $0.members }, path: field(key))
    }

    package func optionalNested(_ key: String) throws(Failure) -> FieldReader? {
        contains(key) ? try nested(key) : nil
    }

    package func array(_ key: String) throws(Failure) -> [Value] {
        try read(key, "an array") { value in emptyObjectIsEmptyArray && value.isEmptyObject ? [] : value.items }
    }

    package func optionalStrings(_ key: String) throws(Failure) -> [String]? {
        guard contains(key) else { return nil }
        return try array(key).enumerated().map { (index, item) throws(Failure) -> String in
            guard let text = item.stringValue else {
                throw failure("\(field(key))[\(index)]", "expected a string, got \(item.typeNameWithArticle)")
            }
            return text
        }
    }

    /// The objects of an array, each as a reader with its own path.
    package func objects(_ key: String) throws(Failure) -> [FieldReader] {
        try array(key).enumerated().map { (index, item) throws(Failure) -> FieldReader in
            guard let members = item.members else {
                throw failure("\(field(key))[\(index)]", "expected an object, got \(item.typeNameWithArticle)")
            }
            return nested(members, path: "\(field(key))[\(index)]")
        }
    }

    /// Role options (a delegate's, a controller's): an object whose members become option values
    /// as `OptionValue(json:path:)` says, nesting at most `OptionValue.maximumLevels` levels
    /// counting the object.
    package func options(_ key: String) throws(Failure) -> RoleOptions {
        let value = try read(key, "an object") { value in value.members == nil ? nil : value }
        let options: OptionValue
        do {
            options = try value.optionValue(path: field(key))
        } catch {
            throw Failure(error)
        }
        guard options.levels <= OptionValue.maximumLevels else {
            throw failure(field(key), "options nest deeper than \(OptionValue.maximumLevels) levels")
        }
        return options.members ?? [:]
    }

    // MARK: Geometry: rects `{ x, y, width, height }`, points `{ x, y }`, sizes `{ width, height }`, colors `[r, g, b, a]`, transforms `[a, b, c, d, tx, ty]`

    package func point(_ key: String) throws(Failure) -> Point {
        let nested = try nested(key)
        return Point(x: try nested.number("x"), y: try nested.number("y"))
    }

    package func size(_ key: String) throws(Failure) -> Size {
        let nested = try nested(key)
        return Size(width: try nested.number("width", in: 0...1e7), height: try nested.number("height", in: 0...1e7))
    }

    package func rect(_ key: String) throws(Failure) -> Rect {
        let nested = try nested(key)
        return Rect(
            x: try nested.number("x"), y: try nested.number("y"), width: try nested.number("width", in: 0...1e7),
            height: try nested.number("height", in: 0...1e7))
    }

    private func numbers(_ key: String, count: Int, expected: String) throws(Failure) -> [Double] {
        let items = try array(key)
        guard items.count == count else { throw failure(field(key), "expected \(expected), got \(items.count) elements") }
        return try items.enumerated().map { (index, item) throws(Failure) -> Double in
            guard let number = item.doubleValue, number.isFinite else {
                throw failure("\(field(key))[\(index)]", "expected a finite number, got \(item.typeNameWithArticle)")
            }
            return number
        }
    }

    package func color(_ key: String) throws(Failure) -> Color {
        let c = try numbers(key, count: 4, expected: "[red, green, blue, alpha] in 0…1")
        guard c.allSatisfy({ (0...1).contains($0) }) else {
            throw failure(field(key), "expected [red, green, blue, alpha] in 0…1")
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    package func transform(_ key: String) throws(Failure) -> ScrimCore.AffineTransform {
        let t = try numbers(key, count: 6, expected: "[a, b, c, d, tx, ty]")
        return ScrimCore.AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
    }
}
