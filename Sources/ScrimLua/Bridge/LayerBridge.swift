import ScrimCore

/// Layers as handles (Docs/LuaAPI.md, "Layers"): `view.layer`, Core Animation's values of a view.
/// Setting one inside an animation block animates it, as the view's own.
@MainActor
enum LayerBridge {
    static let table: BridgedType<Layer> = BridgedType(
        HandleKind(typeName: "scrim.Layer", expected: "a layer", gone: "the layer is gone (its view was released)"),
        displayName: "Layer", handleName: "layer", assignment: .byField,
        fields: [
            BridgeField("view", "the view whose layer this is", get: { call, layer in call.pushView(layer.view) }),
            BridgeField(
                "anchorPoint", "the point of the bounds, in unit coordinates, at the view's center; animatable",
                get: { call, layer in call.push(layer.anchorPoint) },
                set: { call, layer, value in layer.anchorPoint = try call.point(value, "layer.anchorPoint") }),
            BridgeField(
                "zPosition", "orders siblings (higher in front) and moves the layer along z; animatable",
                get: { call, layer in call.push(layer.zPosition) },
                set: { call, layer, value in layer.zPosition = try call.finiteNumber(value, "layer.zPosition") }),
            BridgeField(
                "sublayerTransform", "a scrim.Transform3D applied to the subviews; perspective goes here; animatable",
                get: { call, layer in call.push(layer.sublayerTransform) },
                set: { call, layer, value in
                    layer.sublayerTransform = try call.transform3D(value, "layer.sublayerTransform")
                }),
            BridgeField(
                "isDoubleSided", "whether it is drawn and hit when it faces away",
                get: { call, layer in call.push(layer.isDoubleSided) },
                set: { call, layer, value in layer.isDoubleSided = call.bool(value) }),
            BridgeField(
                "shadowColor", "animatable", get: { call, layer in call.push(layer.shadowColor) },
                set: { call, layer, value in layer.shadowColor = try call.color(value, "layer.shadowColor") }),
            BridgeField(
                "shadowOpacity", "0 (no shadow, the default) to 1; animatable",
                get: { call, layer in call.push(layer.shadowOpacity) },
                set: { call, layer, value in layer.shadowOpacity = try call.finiteNumber(value, "layer.shadowOpacity") }),
            BridgeField(
                "shadowRadius", "the blur radius; animatable", get: { call, layer in call.push(layer.shadowRadius) },
                set: { call, layer, value in layer.shadowRadius = try call.finiteNumber(value, "layer.shadowRadius") }),
            BridgeField(
                "shadowOffset", "a scrim.Size; animatable", get: { call, layer in call.push(layer.shadowOffset) },
                set: { call, layer, value in layer.shadowOffset = try call.size(value, "layer.shadowOffset") }),
            BridgeField(
                "borderWidth", "animatable", get: { call, layer in call.push(layer.borderWidth) },
                set: { call, layer, value in layer.borderWidth = try call.finiteNumber(value, "layer.borderWidth") }),
            BridgeField(
                "borderColor", "animatable", get: { call, layer in call.push(layer.borderColor) },
                set: { call, layer, value in layer.borderColor = try call.color(value, "layer.borderColor") }),
            BridgeField(
                "masksToBounds", "the view's clipsToBounds", get: { call, layer in call.push(layer.masksToBounds) },
                set: { call, layer, value in layer.masksToBounds = call.bool(value) }),
            BridgeField(
                "cornerRadius", "the view's cornerRadius; animatable", get: { call, layer in call.push(layer.cornerRadius) },
                set: { call, layer, value in layer.cornerRadius = try call.finiteNumber(value, "layer.cornerRadius") }),
        ])
}
