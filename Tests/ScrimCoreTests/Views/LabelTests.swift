import Testing
@testable import ScrimCore

/// `Label` and `ImageView`: UIKit's defaults, content that is not animated, and snapshots that
/// keep the content.
@MainActor @Suite struct LabelTests {
    @Test func aLabelHasUIKitsDefaults() {
        let label = Label(id: "title", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(label.text == "")
        #expect(label.fontSize == 17)
        #expect(label.fontWeight == .regular)
        #expect(label.textColor == .black)
        #expect(label.textAlignment == .natural)
        #expect(label.numberOfLines == 1)
        #expect(label.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(ImageView().imageName == nil)
    }

    @Test func fontWeightsAndAlignmentsHaveUIKitsNames() {
        #expect(FontWeight.allCases.map(\.rawValue) == ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"])
        #expect(TextAlignment.allCases.map(\.rawValue) == ["left", "center", "right", "justified", "natural"])
    }

    /// A snapshot of a view keeps its subviews' content: a label's copy is a label with the same
    /// text, font, colour, alignment and lines; an image view's, an image view with the same image.
    @Test func aSnapshotKeepsTheContent() throws {
        let card = View(id: "card", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let title = Label(id: "card.title", frame: Rect(x: 10, y: 60, width: 180, height: 30))
        title.text = "Pasta"
        title.fontSize = 24
        title.fontWeight = .heavy
        title.textColor = .white
        title.textAlignment = .center
        title.numberOfLines = 0
        title.alpha = 0.5
        let photo = ImageView(id: "card.photo", frame: Rect(x: 0, y: 0, width: 200, height: 60))
        photo.imageName = "pasta"
        card.addSubview(photo)
        card.addSubview(title)

        let snapshot = card.snapshotView()
        #expect(type(of: snapshot) == View.self)
        let copiedPhoto = try #require(snapshot.subviews.first as? ImageView)
        #expect(copiedPhoto.imageName == "pasta")
        #expect(copiedPhoto !== photo)
        let copiedTitle = try #require(snapshot.subviews.last as? Label)
        #expect(copiedTitle !== title)
        #expect(copiedTitle.text == "Pasta")
        #expect(copiedTitle.fontSize == 24)
        #expect(copiedTitle.fontWeight == .heavy)
        #expect(copiedTitle.textColor == .white)
        #expect(copiedTitle.textAlignment == .center)
        #expect(copiedTitle.numberOfLines == 0)
        #expect(copiedTitle.alpha == 0.5)
        #expect(copiedTitle.frame == title.frame)

        // A snapshot of the label itself is a label; changing the original later leaves it alone.
        let alone = try #require(title.snapshotView() as? Label)
        title.text = "Soup"
        #expect(alone.text == "Pasta")
    }
}
