import ScrimCore

/// Layers as handles (Docs/LuaAPI.md, "Layers"): `view.layer`, Core Animation's values of a view.
/// Setting one inside an animation block animates it, as the view's own.
@MainActor
enum LayerBridge {
    static let table: BridgedType<Layer> = BridgedType(
        HandleKind(typeName: "scrim.Layer", expected: "a layer", gone: "the layer is gone (its view was released)"),
        handleName: "layer", assignment: .byField,
        fields: [
            BridgeField("view", "the view whose layer this is", \.view),
            BridgeField(
                "anchorPoint", "the point of the bounds, in unit coordinates, at the view's center; animatable",
                \.anchorPoint, set: { $0.anchorPoint = $1 }),
            BridgeField(
                "zPosition", "orders siblings (higher in front) and moves the layer along z; animatable", \.zPosition, set: { $0.zPosition = $1 }),
            BridgeField(
                "sublayerTransform", "a scrim.Transform3D applied to the subviews; perspective goes here; animatable",
                \.sublayerTransform, set: { $0.sublayerTransform = $1 }),
            BridgeField("isDoubleSided", "whether it is drawn and hit when it faces away", \.isDoubleSided, set: { $0.isDoubleSided = $1 }),
            BridgeField("shadowColor", "animatable", \.shadowColor, set: { $0.shadowColor = $1 }),
            BridgeField("shadowOpacity", "0 (no shadow, the default) to 1; animatable", \.shadowOpacity, set: { $0.shadowOpacity = $1 }),
            BridgeField("shadowRadius", "the blur radius; animatable", \.shadowRadius, set: { $0.shadowRadius = $1 }),
            BridgeField("shadowOffset", "a scrim.Size; animatable", \.shadowOffset, set: { $0.shadowOffset = $1 }),
            BridgeField("borderWidth", "animatable", \.borderWidth, set: { $0.borderWidth = $1 }),
            BridgeField("borderColor", "animatable", \.borderColor, set: { $0.borderColor = $1 }),
            BridgeField("masksToBounds", "the view's clipsToBounds", \.masksToBounds, set: { $0.masksToBounds = $1 }),
            BridgeField("cornerRadius", "the view's cornerRadius; animatable", \.cornerRadius, set: { $0.cornerRadius = $1 }),
        ])
}
