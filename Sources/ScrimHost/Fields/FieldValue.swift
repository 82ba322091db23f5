import ScrimCore

/// A value a `FieldReader` reads: JSON (`JSONValue`), or option values (`OptionValue`, from Lua
/// or from JSON).
package protocol FieldValue: Sendable {
    /// An object's members.
    associatedtype Members: Sendable

    /// The members, when the value is an object (or geometry, as the object it stands for).
    var members: Members? { get }
    /// The member named `key`; nil when it is absent or null.
    static func member(_ key: String, of members: Members) -> Self?
    /// The items, when the value is an array (or a color or transform, as its numbers).
    var items: [Self]? { get }
    /// Whether the value is an empty object: for data from Lua, also an empty array.
    var isEmptyObject: Bool { get }
    var stringValue: String? { get }
    var boolValue: Bool? { get }
    var doubleValue: Double? { get }
    /// A whole number in `Int`'s range.
    var intValue: Int? { get }
    /// For messages, as JSON names it: `a number`, `an object`.
    var typeNameWithArticle: String { get }
    /// The value as a role option (Docs/Protocol.md, "Options").
    func optionValue(path: String) throws(FieldError) -> OptionValue
}
