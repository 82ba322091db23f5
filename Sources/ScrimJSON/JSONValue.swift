/// A JSON value (RFC 8259), as the server reads and writes it.
///
/// Numbers keep the distinction the text makes: `1` is `.int(1)`, while `1.0`, `1e2` and integers
/// too large for `Int` are `.double`. The two cases never compare equal (`.int(1) != .double(1)`);
/// use `intValue` or `doubleValue` to read a number whichever way it was written.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

// MARK: Accessors

extension JSONValue {
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The number as an `Int`: an `.int`, or a `.double` that is integral and in range.
    package var intValue: Int? {
        switch self {
        case .int(let number): number
        case .double(let number): Int(exactly: number)
        default: nil
        }
    }

    /// The number as a `Double`, whether it is an `.int` or a `.double`.
    package var doubleValue: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    package var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The member named `key` of an object; nil when it is missing or this is not an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The JSON type's name for messages: "null", "boolean", "number", "string", "array" or "object".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

// MARK: Literals

extension JSONValue:
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written (a repeated key keeps its first place and
    /// its last value).
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

// MARK: Description

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    package var description: String { jsonString }
}

extension JSONValue {
    /// The type with its article, for messages: "a string", "an object", "null".
    package var typeNameWithArticle: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}
