import ScrimCore
package import ScrimJSON

extension View {
    /// What the view draws besides its background (Docs/Protocol.md, "Content"), with the names a
    /// scene declares it by: `{ kind: "label", text, fontSize, fontWeight, textColor,
    /// textAlignment, numberOfLines }` or `{ kind: "imageView", imageName? }`; nil for a plain
    /// view. A snapshot's `ViewTree` entry carries these fields; the preview page draws them.
    @MainActor
    package var contentJSON: JSONObject? {
        switch self {
        case let label as Label:
            [
                "kind": "label", "text": .string(label.text), "fontSize": .double(label.fontSize),
                "fontWeight": .string(label.fontWeight.rawValue), "textColor": label.textColor.json,
                "textAlignment": .string(label.textAlignment.rawValue), "numberOfLines": .int(label.numberOfLines),
            ]
        case let image as ImageView:
            image.imageName.map { ["kind": "imageView", "imageName": .string($0)] } ?? ["kind": "imageView"]
        default:
            nil
        }
    }
}
