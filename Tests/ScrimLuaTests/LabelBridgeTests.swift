import ScrimCore
import Testing
@testable import ScrimLua

/// `scrim.Label` and `scrim.ImageView` (Docs/LuaAPI.md, "Labels and image views"): made with
/// every `View.new` option and their own fields, read and written on the handle, refused with the
/// field's name when a value is wrong, and views wherever a view goes.
@MainActor @Suite struct LabelBridgeTests {
    @Test func aLabelTakesEveryViewOptionAndItsOwnFields() throws {
        let f = try BridgeFixture()
        try f.run("""
            local label = scrim.Label.new{
              id = "title", frame = scrim.Rect(10, 20, 300, 40), alpha = 0.5, backgroundColor = scrim.Color.white,
              text = "Pasta", fontSize = 28, fontWeight = "bold", textColor = scrim.Color(1, 0, 0, 1),
              textAlignment = "center", numberOfLines = 2,
            }
            window:addSubview(label)
            """)
        let label = try #require(f.window.descendant(withID: "title") as? Label)
        #expect(label.frame == Rect(x: 10, y: 20, width: 300, height: 40))
        #expect(label.alpha == 0.5)
        #expect(label.backgroundColor == .white)
        #expect(label.text == "Pasta")
        #expect(label.fontSize == 28)
        #expect(label.fontWeight == .bold)
        #expect(label.textColor == Color(red: 1, green: 0, blue: 0))
        #expect(label.textAlignment == .center)
        #expect(label.numberOfLines == 2)
    }

    @Test func aNewLabelHasUIKitsDefaultsAndItsFieldsAreWritable() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            local label = scrim.Label.new{}
            local before = table.concat({ label.text, label.fontSize, label.fontWeight, tostring(label.textColor),
              label.textAlignment, label.numberOfLines }, " ")
            label.text = "Soup"
            label.fontSize = 12.5
            label.fontWeight = "semibold"
            label.textColor = scrim.Color.white
            label.textAlignment = "right"
            label.numberOfLines = 0
            return before .. " | " .. table.concat({ label.text, label.fontSize, label.fontWeight, tostring(label.textColor),
              label.textAlignment, label.numberOfLines }, " ")
            """) == " 17.0 regular Color(0, 0, 0, 1) natural 1 | Soup 12.5 semibold Color(1, 1, 1, 1) right 0")
    }

    /// UIKit's defaults: a label and an image view take no touches, a view does; each can be
    /// changed, and `View.new` takes it as an option.
    @Test func labelsAndImageViewsTakeNoTouchesByDefault() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            local label, image, view = scrim.Label.new{}, scrim.ImageView.new{}, scrim.View.new{}
            local off = scrim.View.new{ isUserInteractionEnabled = false }
            local on = scrim.Label.new{ isUserInteractionEnabled = true }
            label.isUserInteractionEnabled = true
            return table.concat({ tostring(image.isUserInteractionEnabled), tostring(view.isUserInteractionEnabled),
              tostring(off.isUserInteractionEnabled), tostring(on.isUserInteractionEnabled), tostring(label.isUserInteractionEnabled) }, " ")
            """) == "false true false true true")
    }

    @Test func badValuesAreRefusedNamingTheField() throws {
        let f = try BridgeFixture()
        #expect(f.failure("scrim.Label.new{}.fontWeight = 'heavvy'").contains(
            #"label.fontWeight: expected one of "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black", got "heavvy"; did you mean 'heavy'?"#))
        #expect(f.failure("scrim.Label.new{}.textAlignment = 'middle'").contains("label.textAlignment: expected one of"))
        #expect(f.failure("scrim.Label.new{}.fontSize = 0").contains("label.fontSize must be more than 0, got 0.0"))
        #expect(f.failure("scrim.Label.new{}.numberOfLines = -1").contains("label.numberOfLines must be 0 (no limit) or more, got -1"))
        #expect(f.failure("scrim.Label.new{}.numberOfLines = 1.5").contains("label.numberOfLines must be a whole number"))
        #expect(f.failure("scrim.Label.new{}.text = 3").contains("label.text: expected a string, got number"))
        #expect(f.failure("scrim.Label.new{ txt = 'a' }").contains("unknown option 'txt'"))
        #expect(f.failure("scrim.Label.new{ fontSize = -2 }").contains("label.fontSize must be more than 0"))
        #expect(f.failure("scrim.ImageView.new{ imageName = 4 }").contains("imageView.imageName: expected a string, got number"))
        // A plain view has none of a label's fields.
        #expect(f.failure("return scrim.View.new{}.text").contains("unknown field 'text' on View"))
    }

    @Test func labelsAndImageViewsAreViews() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            local image = scrim.ImageView.new{ id = "photo", imageName = "pasta", frame = scrim.Rect(0, 0, 100, 100) }
            local label = scrim.Label.new{ id = "caption", text = "Pasta" }
            window:addSubview(image)
            image:addSubview(label)
            local found = window.subviews[1]
            label.frame = scrim.Rect(0, 80, 100, 20)
            return table.concat({ tostring(found == image), found.imageName, found.subviews[1].text, label.superview.id,
              tostring(label:convertPoint(scrim.Point(0, 0), nil)) }, " ")
            """) == "true pasta Pasta photo Point(0, 80)")
        #expect(f.window.subviews.first is ImageView)
        #expect((f.window.subviews.first as? ImageView)?.imageName == "pasta")
    }

    /// A snapshot keeps the content: a label's snapshot is a label with its text.
    @Test func aSnapshotOfALabelIsALabel() throws {
        let f = try BridgeFixture()
        #expect(try f.run("""
            local card = scrim.View.new{ frame = scrim.Rect(0, 0, 100, 100) }
            card:addSubview(scrim.Label.new{ text = "Salad", fontWeight = "bold" })
            local copy = card:snapshot()
            local title = copy.subviews[1]
            local image = scrim.ImageView.new{ imageName = "soup" }:snapshot()
            return title.text .. " " .. title.fontWeight .. " " .. image.imageName
            """) == "Salad bold soup")
    }
}
