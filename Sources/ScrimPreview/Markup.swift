import Foundation

/// Text for the page: numbers as the page writes them and text escaped for HTML.
enum Markup {
    /// `value` rounded to four decimals, in its shortest form: `20`, `0.8974`, `-117.5`. A value
    /// that is not finite is written as 0 (a view never holds one).
    static func number(_ value: Double) -> String {
        let rounded = rounded(value)
        if rounded == rounded.rounded(.towardZero), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return rounded.description
    }

    /// `value` rounded to four decimals (or `decimals`); 0 for a value that is not finite.
    static func rounded(_ value: Double, decimals: Int = 4) -> Double {
        guard value.isFinite else { return 0 }
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }

    /// A time in seconds in its shortest round-trip form (times are compared, not only shown).
    static func time(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped: safe in an element and in a quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
