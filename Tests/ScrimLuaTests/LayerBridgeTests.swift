import Foundation
import ScrimCore
import Testing
@testable import ScrimLua

/// `view.transform3D` and `view.layer` in Lua (Docs/LuaAPI.md, "Layers"): the values are the
/// view's, animatable in an animation block, and bad values get errors naming the field.
@MainActor @Suite struct LayerBridgeTests {
    @Test func theLayersValuesAreTheViews() throws {
        let f = try BridgeFixture()
        try f.run("""
            local card = scrim.View.new{ id = "card", frame = scrim.Rect(0, 0, 200, 100) }
            window:addSubview(card)
            card.layer.anchorPoint = scrim.Point(0, 0.5)
            card.layer.zPosition = 3
            card.layer.sublayerTransform = scrim.Transform3D.new{ m34 = -1 / 500 }
            card.layer.isDoubleSided = false
            card.layer.shadowColor = scrim.Color(1, 0, 0, 1)
            card.layer.shadowOpacity = 0.5
            card.layer.shadowRadius = 8
            card.layer.shadowOffset = scrim.Size(2, 4)
            card.layer.borderWidth = 1
            card.layer.borderColor = scrim.Color.white
            card.layer.masksToBounds = true
            card.layer.cornerRadius = 12
            card.transform3D = scrim.Transform3D.rotation(math.pi / 3, 0, 1, 0)
            """)
        let card = try #require(f.window.descendant(withID: "card"))
        #expect(card.layer.anchorPoint == Point(x: 0, y: 0.5))
        #expect(card.center == Point(x: 100, y: 50))
        #expect(card.layer.zPosition == 3 && card.layer.sublayerTransform.m34 == -1.0 / 500)
        #expect(!card.isDoubleSided && card.clipsToBounds && card.cornerRadius == 12)
        #expect(card.layer.shadowColor == Color(red: 1, green: 0, blue: 0) && card.layer.shadowOpacity == 0.5)
        #expect(card.layer.shadowRadius == 8 && card.layer.shadowOffset == Size(width: 2, height: 4))
        #expect(card.layer.borderWidth == 1 && card.layer.borderColor == .white)
        #expect(card.transform3D == .rotation(.pi / 3, 0, 1, 0))
        #expect(try f.run("""
            local card = window.subviews[1]
            return tostring(card.layer.view == card) .. " " .. tostring(card.layer == card.layer)
                .. string.format(" %.1f %.6f", card.layer.shadowOffset.height, card.transform3D.m13)
            """) == "true true 4.0 " + String(format: "%.6f", Transform3D.rotation(.pi / 3, 0, 1, 0).m13))
    }

    @Test func anAnimationBlockAnimatesTheLayerAndTheTransform3D() throws {
        let f = try BridgeFixture()
        try f.run("""
            local card = scrim.View.new{ id = "card", frame = scrim.Rect(0, 0, 100, 100) }
            window:addSubview(card)
            scrim.animate{ duration = 1, curve = "linear", animations = function()
              card.transform3D = scrim.Transform3D.rotation(math.pi * 0.9, 0, 1, 0)
              card.layer.shadowOpacity = 0.8
            end }
            """)
        try f.clock.advance(by: 0.5)
        let card = try #require(f.window.descendant(withID: "card"))
        let middle = card.presentation.transform3D
        let expected = Transform3D.rotation(.pi * 0.45, 0, 1, 0)
        #expect(abs(middle.m11 - expected.m11) < 1e-9 && abs(middle.m13 - expected.m13) < 1e-9)
        #expect(abs(card.presentation.shadowOpacity - 0.4) < 1e-12)
        #expect(try f.run("""
            local p = window.subviews[1].presentation
            return string.format("%.4f %.4f", p.shadowOpacity, p.transform3D.m11)
            """) == String(format: "%.4f %.4f", 0.4, expected.m11))
    }

    @Test func badValuesNameTheField() throws {
        let f = try BridgeFixture()
        try f.run(#"window:addSubview(scrim.View.new{ id = "card" })"#)
        #expect(f.failure("window.subviews[1].layer.anchorPoint = 3").contains("layer.anchorPoint"))
        #expect(f.failure("window.subviews[1].layer.shadowOpacity = 0/0").contains("layer.shadowOpacity"))
        #expect(f.failure("window.subviews[1].transform3D = scrim.Transform.identity").contains("view.transform3D"))
        #expect(f.failure("window.subviews[1].layer.shadowOpactiy = 1").contains("did you mean 'shadowOpacity'"))
        #expect(f.failure("window.subviews[1].layer.view = window").contains("read-only"))
    }
}
