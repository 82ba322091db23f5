/// A view that draws text, as `UILabel`: `label.text`, `fontSize`, `fontWeight`, `textColor`,
/// `textAlignment` and `numberOfLines` are its `content`'s (`LabelContent`, with UIKit's
/// defaults), read and written through the label as UIKit's properties are.
///
/// Content is not animatable (UIKit's label text is not): setting it shows the new value at once,
/// inside an animation block too. A snapshot of a label is a label with the same content.
@dynamicMemberLookup
public final class Label: View {
    /// Everything the label draws.
    public var content = LabelContent()

    /// A label at `frame`; it takes no taps (`isUserInteractionEnabled` is false), as UIKit's.
    public override init(id: String? = nil, frame: Rect = .zero) {
        super.init(id: id, frame: frame)
        isUserInteractionEnabled = false
    }

    /// `label.text`, `label.fontSize`, …: the content's fields.
    public subscript<Value>(dynamicMember field: WritableKeyPath<LabelContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    override func emptyCopy() -> View {
        let copy = Label()
        copy.content = content
        return copy
    }
}
