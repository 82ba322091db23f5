import ArgumentParser

/// The NAME given to `scrim new`: the plugin's name, which is its file's stem (Docs/Plugins.md),
/// what `scrim.plugin(name)`, `require(name)` and a scene name it by. It must be a Lua identifier
/// (letters, digits and `_`, not starting with a digit, not a keyword) other than `scrim`, the
/// module's name; anything else is a usage error.
struct PluginName {
    /// The name as given.
    let identifier: String

    /// The name of the class table in the template: the name with its first letter upper-cased
    /// (`fade` → `Fade`), as a UIKit class would be named.
    var className: String { identifier.prefix(1).uppercased() + identifier.dropFirst() }

    /// Lua 5.4's reserved words.
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    init(_ text: String) throws {
        func isLetter(_ c: Character) -> Bool { c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func isDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) }
        guard let first = text.first, isLetter(first), text.allSatisfy({ isLetter($0) || isDigit($0) }),
            !Self.keywords.contains(text)
        else {
            let hint = text.hasSuffix(".lua") ? " (give it without .lua: the file is NAME.lua)" : ""
            throw ValidationError(
                "NAME '\(text)': a plugin's name must be a Lua identifier — letters, digits and _, not starting with a digit, not a keyword\(hint)")
        }
        guard text != "scrim" else {
            throw ValidationError("NAME 'scrim': that is the scrim module's name (require(\"scrim\")); choose another")
        }
        identifier = text
    }
}
