import ScrimCore

/// What a scene's view draws besides its background, by its `kind` (Docs/Protocol.md, "Scenes"):
/// nothing (`"view"`, the default), text (`"label"`) or a named image placeholder (`"imageView"`).
package enum SceneViewContent: Sendable, Hashable {
    case none
    case label(LabelContent)
    case image(name: String?)

    static let labelFields = ["text", "fontSize", "fontWeight", "textColor", "textAlignment", "numberOfLines"]
    static let imageFields = ["imageName"]

    /// Reads `kind` and its fields from a view's declaration; a field of another kind is an error.
    static func read(_ params: OptionReader) throws(SceneError) -> SceneViewContent {
        let kind = try params.optionalChoice("kind", ["view", "label", "imageView"]) ?? "view"
        let own = kind == "label" ? labelFields : kind == "imageView" ? imageFields : []
        for key in labelFields + imageFields where params.contains(key) && !own.contains(key) {
            let owner = labelFields.contains(key) ? "label" : "imageView"
            throw SceneError(params.field(key), "only a view of kind \"\(owner)\" has it (this one is a \"\(kind)\")")
        }
        switch kind {
        case "label":
            var label = LabelContent()
            label.text = try params.optionalString("text") ?? ""
            label.fontSize = try params.optionalNumber("fontSize", in: 1...1000) ?? label.fontSize
            label.fontWeight = try params.optionalCase("fontWeight", FontWeight.self) ?? label.fontWeight
            if params.contains("textColor") { label.textColor = try params.color("textColor") }
            label.textAlignment = try params.optionalCase("textAlignment", TextAlignment.self) ?? label.textAlignment
            if params.contains("numberOfLines") {
                label.numberOfLines = try params.integer("numberOfLines")
                guard label.numberOfLines >= 0 else {
                    throw SceneError(params.field("numberOfLines"), "expected 0 (no limit) or more, got \(label.numberOfLines)")
                }
            }
            return .label(label)
        case "imageView":
            return .image(name: try params.optionalString("imageName"))
        default:
            return .none
        }
    }

    /// A new view showing this content: a `Label`, an `ImageView` or a plain `View`.
    @MainActor
    func makeView(id: String?, frame: Rect) -> View {
        switch self {
        case .none:
            return View(id: id, frame: frame)
        case .label(let description):
            let label = Label(id: id, frame: frame)
            label.content = description
            return label
        case .image(let name):
            let image = ImageView(id: id, frame: frame)
            image.imageName = name
            return image
        }
    }
}
