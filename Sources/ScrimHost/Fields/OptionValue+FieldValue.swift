import ScrimCore

extension OptionValue: FieldValue {
    /// A table, or geometry as the object it stands for.
    package var members: [String: OptionValue]? {
        switch self {
        case .table(let table): table
        case .point(let p): ["x": .number(p.x), "y": .number(p.y)]
        case .size(let s): ["width": .number(s.width), "height": .number(s.height)]
        case .rect(let r): ["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)]
        default: nil
        }
    }

    package static func member(_ key: String, of members: [String: OptionValue]) -> OptionValue? { members[key] }

    /// An array, or a color or transform as its numbers.
    package var items: [OptionValue]? {
        switch self {
        case .array(let items): items
        case .color(let c): [c.red, c.green, c.blue, c.alpha].map(OptionValue.number)
        case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty].map(OptionValue.number)
        default: nil
        }
    }

    package var isEmptyObject: Bool { self == .table([:]) }
    package var stringValue: String? { string }
    package var boolValue: Bool? { bool }
    package var doubleValue: Double? { number }
    package var intValue: Int? { number.flatMap { Int(exactly: $0) } }

    package var typeNameWithArticle: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "a boolean"
        case .array, .color, .transform: "an array"
        case .table, .point, .size, .rect: "an object"
        }
    }

    package func optionValue(path: String) throws(FieldError) -> OptionValue { self }
}
