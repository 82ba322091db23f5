/// A view that draws text, as `UILabel`: one or more lines of `text` in a system font of
/// `fontSize` points and `fontWeight`, in `textColor`, aligned by `textAlignment`.
///
/// Content is not animatable (UIKit's label text is not): setting a property shows the new value
/// at once, inside an animation block too. A snapshot of a label is a label with the same content.
public final class Label: View {
    public var text = ""
    /// In points; UIKit's default, 17.
    public var fontSize = 17.0
    public var fontWeight = FontWeight.regular
    public var textColor = Color.black
    public var textAlignment = TextAlignment.natural
    /// The most lines the text is drawn on; 0: as many as it needs. UIKit's default, 1.
    public var numberOfLines = 1

    override func emptyCopy() -> View {
        let copy = Label()
        copy.text = text
        copy.fontSize = fontSize
        copy.fontWeight = fontWeight
        copy.textColor = textColor
        copy.textAlignment = textAlignment
        copy.numberOfLines = numberOfLines
        return copy
    }
}
