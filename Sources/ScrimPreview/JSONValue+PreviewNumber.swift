import ScrimJSON

extension JSONValue {
    /// A number of the page's data, rounded to four decimals as `Markup.number` writes it.
    static func previewNumber(_ value: Double) -> JSONValue {
        shortest(Markup.rounded(value))
    }

    /// A number of the page's data that four decimals would blur, rounded to eight.
    static func previewFineNumber(_ value: Double) -> JSONValue {
        shortest(Markup.rounded(value, decimals: 8))
    }

    /// A time of the page's data, exact, as `Markup.time` writes it.
    static func previewTime(_ value: Double) -> JSONValue {
        shortest(value.isFinite ? value : 0)
    }

    /// `value` in its shortest form: a whole number as an integer (`20`, not `20.0`).
    private static func shortest(_ value: Double) -> JSONValue {
        value == value.rounded(.towardZero) && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }
}
