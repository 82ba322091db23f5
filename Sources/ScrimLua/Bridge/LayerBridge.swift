import ScrimCore

/// Layers as handles (Docs/LuaAPI.md, "Layers"): `view.layer`, Core Animation's values of a view.
/// Setting one inside an animation block animates it, as the view's own.
@MainActor
enum LayerBridge {
    static let table: BridgedType<Layer> = BridgedType(
        HandleKind(typeName: "scrim.Layer", expected: "a layer", gone: "the layer is gone (its view was released)"),
        displayName: "Layer", handleName: "layer", assignment: .byField,
        fields: [
            BridgeField("view", "the view whose layer this is", \.view),
            BridgeField(
                "anchorPoint", "the point of the bounds, in unit coordinates, at the view's center; animatable",
                assignable: \.anchorPoint),
            BridgeField(
                "zPosition", "orders siblings (higher in front) and moves the layer along z; animatable", assignable: \.zPosition),
            BridgeField(
                "sublayerTransform", "a scrim.Transform3D applied to the subviews; perspective goes here; animatable",
                assignable: \.sublayerTransform),
            BridgeField("isDoubleSided", "whether it is drawn and hit when it faces away", assignable: \.isDoubleSided),
            BridgeField("shadowColor", "animatable", assignable: \.shadowColor),
            BridgeField("shadowOpacity", "0 (no shadow, the default) to 1; animatable", assignable: \.shadowOpacity),
            BridgeField("shadowRadius", "the blur radius; animatable", assignable: \.shadowRadius),
            BridgeField("shadowOffset", "a scrim.Size; animatable", assignable: \.shadowOffset),
            BridgeField("borderWidth", "animatable", assignable: \.borderWidth),
            BridgeField("borderColor", "animatable", assignable: \.borderColor),
            BridgeField("masksToBounds", "the view's clipsToBounds", assignable: \.masksToBounds),
            BridgeField("cornerRadius", "the view's cornerRadius; animatable", assignable: \.cornerRadius),
        ])
}
