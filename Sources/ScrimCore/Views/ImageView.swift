/// A view that shows an image, as `UIImageView`. Scrim has no image files: the image is a named
/// placeholder, which the preview page draws as a light fill with the name.
///
/// A snapshot of an image view is an image view with the same image.
public final class ImageView: View {
    /// The placeholder's name, or nil for no image.
    public var imageName: String?

    /// An image view at `frame`; it takes no taps (`isUserInteractionEnabled` is false), as UIKit's.
    public override init(id: String? = nil, frame: Rect = .zero) {
        super.init(id: id, frame: frame)
        isUserInteractionEnabled = false
    }

    override func emptyCopy() -> View {
        let copy = ImageView()
        copy.imageName = imageName
        return copy
    }
}
