import ScrimCore

/// Image views as handles (Docs/LuaAPI.md, "Labels and image views"): a view with `imageName`,
/// the named placeholder the preview page draws.
@MainActor
enum ImageViewBridge {
    static let bridge = ViewSubclassBridge(
        displayName: "ImageView", handleName: "imageView", type: ImageView.self,
        fields: [
            BridgeField(
                "imageName", "the placeholder's name, or nil for no image",
                get: { call, view in
                    if let name = unsafeDowncast(view, to: ImageView.self).imageName { call.push(name) } else { call.pushNil() }
                },
                set: { call, view, value, _ in
                    unsafeDowncast(view, to: ImageView.self).imageName = try call.optionalString(value, "imageView.imageName")
                })
        ],
        make: { id, frame in ImageView(id: id, frame: frame) })
}
