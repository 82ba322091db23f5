/// What a `Label` draws: its text and how, with UIKit's defaults (17-point regular black text on
/// one line, natural alignment). A value: scenes declare it, snapshots copy it.
public struct LabelContent: Sendable, Hashable {
    public var text = ""
    /// In points.
    public var fontSize = 17.0
    public var fontWeight = FontWeight.regular
    public var textColor = Color.black
    public var textAlignment = TextAlignment.natural
    /// The most lines the text is drawn on; 0: as many as it needs.
    public var numberOfLines = 1

    public init() {}
}
