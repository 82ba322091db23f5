import ScrimCore

/// Labels as handles (Docs/LuaAPI.md, "Labels and image views"): a view with `text`, `fontSize`,
/// `fontWeight`, `textColor`, `textAlignment` and `numberOfLines`. Content is not animatable:
/// setting it inside an animation block shows the new value at once, as in UIKit.
@MainActor
enum LabelBridge {
    static let bridge = ViewSubclassBridge(
        displayName: "Label", handleName: "label", type: Label.self,
        fields: [
            field("text", "the text; \"\" for none", get: { call, label in call.push(label.text) }) { call, label, value in
                label.text = try call.string(value, "label.text")
            },
            field("fontSize", "in points (17 by default)", get: { call, label in call.push(label.fontSize) }) { call, label, value in
                let size = try call.finiteNumber(value, "label.fontSize")
                guard size > 0 else { throw LuaCallError("label.fontSize must be more than 0, got \(size)") }
                label.fontSize = size
            },
            field(
                "fontWeight", "UIKit's name: \"ultraLight\" … \"regular\" … \"black\"",
                get: { call, label in call.push(label.fontWeight.rawValue) }
            ) { call, label, value in
                label.fontWeight = try call.caseName(value, "label.fontWeight", FontWeight.self)
            },
            field("textColor", "black by default", get: { call, label in call.push(label.textColor) }) { call, label, value in
                label.textColor = try call.color(value, "label.textColor")
            },
            field(
                "textAlignment", "\"natural\" (the default), \"left\", \"center\", \"right\" or \"justified\"",
                get: { call, label in call.push(label.textAlignment.rawValue) }
            ) { call, label, value in
                label.textAlignment = try call.caseName(value, "label.textAlignment", TextAlignment.self)
            },
            field(
                "numberOfLines", "the most lines drawn (1 by default); 0: no limit",
                get: { call, label in call.push(label.numberOfLines) }
            ) { call, label, value in
                let lines = try call.integer(value, "label.numberOfLines")
                guard lines >= 0 else { throw LuaCallError("label.numberOfLines must be 0 (no limit) or more, got \(lines)") }
                label.numberOfLines = lines
            },
        ],
        make: { id, frame in Label(id: id, frame: frame) })

    /// A field of a label handle (the handle's metatable makes its view a `Label`).
    private static func field(
        _ name: String, _ doc: String, get: @escaping @MainActor (LuaCall, Label) -> Void,
        set: @escaping @MainActor (LuaCall, Label, Int32) throws -> Void
    ) -> BridgeField<View> {
        BridgeField(
            name, doc, get: { call, view in get(call, unsafeDowncast(view, to: Label.self)) },
            set: { call, view, value, _ in try set(call, unsafeDowncast(view, to: Label.self), value) })
    }
}
