import Foundation
import ScrimCore
import Testing
@testable import ScrimLua

/// `scrim.Transform3D` (Docs/LuaAPI.md, "3-D transforms"): computed in Lua, it gives exactly the
/// matrices of ScrimCore's `Transform3D` (the same operations in the same order); Swift reads one
/// from a Lua value and pushes one Lua can use.
@MainActor @Suite struct Transform3DBridgeTests {
    /// A Lua expression and the Swift transform it must equal, entry for entry.
    nonisolated static let cases: [(lua: String, swift: Transform3D)] = {
        let perspective = Transform3D(m34: -1.0 / 500)
        let flip = Transform3D.rotation(0.7, 0, 1, 0).concatenating(perspective)
        return [
            ("T.identity", .identity),
            ("T.rotation(0.7, 0, 1, 0)", .rotation(0.7, 0, 1, 0)),
            ("T.rotation(-1.2, 1, 2, 3)", .rotation(-1.2, 1, 2, 3)),
            ("T.rotation(math.pi, 1, 0, 0)", .rotation(.pi, 1, 0, 0)),
            ("T.rotation(math.pi / 3, 0, 0, 5)", .rotation(.pi / 3, 0, 0, 5)),
            ("T.rotation(1, 0, 0, 0)", .identity),
            ("T.translation(10, -20, 30)", .translation(10, -20, 30)),
            ("T.scale(2, 0.5, 3)", .scale(2, 0.5, 3)),
            ("T.new{ m34 = -1 / 500 }", perspective),
            ("T.new{ m11 = 2, m23 = 0.25, m34 = -0.002, m41 = 3, m44 = 1.5 }",
             Transform3D(m11: 2, m23: 0.25, m34: -0.002, m41: 3, m44: 1.5)),
            ("T.rotation(0.7, 0, 1, 0):concat(T.new{ m34 = -1 / 500 })", flip),
            ("T.translation(-50, -30, 0):concat(T.rotation(2.5, 1, 1, 0)):concat(T.scale(1, 2, 3)):concat(T.translation(50, 30, 10))",
             Transform3D.translation(-50, -30, 0).concatenating(.rotation(2.5, 1, 1, 0)).concatenating(.scale(1, 2, 3))
                .concatenating(.translation(50, 30, 10))),
            ("T.rotation(0.7, 0, 1, 0):concat(T.new{ m34 = -1 / 500 }):inverted()", flip.inverted()),
            ("T.rotation(-1.2, 1, 2, 3):concat(T.translation(4, 5, 6)):inverted()",
             Transform3D.rotation(-1.2, 1, 2, 3).concatenating(.translation(4, 5, 6)).inverted()),
            ("T.scale(0, 1, 1):inverted()", .scale(0, 1, 1)),
            ("T.affine(scrim.Transform.rotation(0.3):concat(scrim.Transform.translation(4, 5)))",
             Transform3D(AffineTransform.rotation(0.3).concatenating(.translation(4, 5)))),
        ]
    }()

    /// Runs `expression` (with `T` for `scrim.Transform3D`) and reads its value as Swift does.
    func lua(_ expression: String, in fixture: BridgeFixture? = nil) throws -> Transform3D {
        try (fixture ?? BridgeFixture()).evaluate("local T = scrim.Transform3D\nreturn " + expression) { call in
            try call.transform3D(-1, "result")
        }
    }

    @Test(arguments: cases)
    func luaComputesWhatSwiftComputes(lua expression: String, swift: Transform3D) throws {
        let computed = try lua(expression)
        let pairs = zip(OptionKeys.transform3D, zip(computed.entriesInOrder, swift.entriesInOrder))
        let off = pairs.filter { $1.0 != $1.1 }.map(\.0)
        #expect(off.isEmpty, "\(expression): \(off) differ; Lua \(computed), Swift \(swift)")
    }

    @Test func predicatesAndTheAffinePartAgreeWithSwift() throws {
        let f = try BridgeFixture()
        let code = """
            local T = scrim.Transform3D
            local flip = T.rotation(0.7, 0, 1, 0):concat(T.new{ m34 = -0.002 })
            local flat = T.affine(scrim.Transform.new(1, 2, 3, 4, 5, 6))
            return table.concat({ tostring(T.identity:isIdentity()), tostring(flip:isIdentity()),
              tostring(T.new{}:isIdentity()), tostring(flat:isAffine()), tostring(flip:isAffine()),
              tostring(T.rotation(0.3, 0, 0, 1):isAffine()), tostring(flat:affine()),
              tostring(flat:affine() == scrim.Transform.new(1, 2, 3, 4, 5, 6)) }, " ")
            """
        let flip = Transform3D.rotation(0.7, 0, 1, 0).concatenating(Transform3D(m34: -0.002))
        let flat = Transform3D(AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        let swift = [
            Transform3D.identity.isIdentity, flip.isIdentity, true, flat.isAffine, flip.isAffine,
            Transform3D.rotation(0.3, 0, 0, 1).isAffine,
        ].map(String.init) + ["Transform(1, 2, 3, 4, 5, 6)", "true"]
        #expect(try f.run(code) == swift.joined(separator: " "))
        #expect(swift.prefix(6) == ["true", "false", "true", "true", "false", "true"])
    }

    @Test func valuesCompareByEntriesAndPrintTheirEntries() throws {
        let f = try BridgeFixture()
        #expect(try f.run("return tostring(scrim.Transform3D.identity == scrim.Transform3D.new{})") == "true")
        #expect(try f.run("return tostring(scrim.Transform3D.identity == scrim.Transform3D.scale(1, 1, 2))") == "false")
        #expect(try f.run("return tostring(scrim.Transform3D.new{ m34 = -0.002, m41 = 10 })")
            == "Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 10, 0, 0, 1)")
    }

    /// Constants are made afresh on every read: changing one changes no other plugin's.
    @Test func theIdentityIsAFreshValueOnEveryRead() throws {
        let f = try BridgeFixture()
        #expect(try f.run("local t = scrim.Transform3D.identity; t.m34 = 5; return tostring(scrim.Transform3D.identity.m34)") == "0")
    }

    @Test func swiftPushesATransformLuaCanUse() throws {
        let f = try BridgeFixture()
        let flip = Transform3D.rotation(0.7, 0, 1, 0).concatenating(Transform3D(m34: -0.002))
        try f.define("swiftFlip") { call in
            call.push(flip)
            return 1
        }
        #expect(try f.run("""
            local T = scrim.Transform3D
            local t = swiftFlip()
            return tostring(t == T.rotation(0.7, 0, 1, 0):concat(T.new{ m34 = -0.002 })) .. " " .. tostring(t:isAffine())
            """) == "true false")
        let roundTrip = try lua("swiftFlip():concat(swiftFlip():inverted())", in: f)
        for (entry, expected) in zip(roundTrip.entriesInOrder, Transform3D.identity.entriesInOrder) { #expect(abs(entry - expected) < 1e-12) }
    }

    /// What reading a value that is not a 3-D transform raises.
    @Test(arguments: [
        ("scrim.Transform.identity", "result: expected a 3-D transform, got a 2-D one (scrim.Transform3D.affine(t) makes one of it)"),
        ("{ m11 = 1 }", "result needs a number field 'm12'"),
        ("42", "result: expected a 3-D transform, got number"),
        ("scrim.Transform3D.new{ m11 = 1 / 0 }", "test.lua:2: Transform3D.new must be finite, got [inf, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"),
    ])
    func readingSomethingElseRaises(lua expression: String, message: String) throws {
        do {
            let value = try lua(expression)
            Issue.record("read \(value)")
        } catch {
            #expect("\(error)" == message)
        }
    }
}
