/// A value passed to a role's constructor (the `options` of a role made by name): numbers,
/// strings, booleans, geometry, colors, transforms, and arrays and tables of them. Lua plugins
/// receive them as Lua values; Swift roles receive the dictionary as is.
public enum OptionValue: Sendable, Hashable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(AffineTransform)
    case array([OptionValue])
    case table([String: OptionValue])

    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var point: Point? { if case .point(let value) = self { value } else { nil } }
    public var size: Size? { if case .size(let value) = self { value } else { nil } }
    public var rect: Rect? { if case .rect(let value) = self { value } else { nil } }
    public var color: Color? { if case .color(let value) = self { value } else { nil } }
    public var transform: AffineTransform? { if case .transform(let value) = self { value } else { nil } }
}

/// The options of one role instance.
public typealias RoleOptions = [String: OptionValue]
