import Testing
@testable import ScrimCore

@Suite struct ColorTests {
    // MARK: Hex parsing

    @Test func parsesSixDigitHexAsOpaque() throws {
        let color = try #require(Color(hex: "#FF8000"))
        #expect(color == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
    }

    @Test func parsesEightDigitHexWithAlpha() throws {
        let color = try #require(Color(hex: "#336699CC"))
        #expect(color == Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0, alpha: 0xCC / 255.0))
    }

    @Test func parsesWithoutTheHashAndInLowerCase() throws {
        #expect(Color(hex: "00ff00") == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(Color(hex: "#abcdef80") == Color(red: 0xAB / 255.0, green: 0xCD / 255.0, blue: 0xEF / 255.0, alpha: 0x80 / 255.0))
        #expect(Color(hex: "000000") == .black)
        #expect(Color(hex: "#FFFFFF") == .white)
        #expect(Color(hex: "#00000000") == .clear)
    }

    @Test(arguments: ["", "#", "#FFF", "#FFFFF", "#FFFFFFF", "#FFFFFFFFF", "#GG0000", "#12345Z", "##FFFFFF", "FF 000", "#-FFFFF", "#-00000", "#+FFFFF"])
    func malformedHexIsNil(_ text: String) {
        #expect(Color(hex: text) == nil)
    }

    // MARK: Named colors

    @Test func namedColors() {
        #expect(Color.black == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(Color.white == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(Color.clear == Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    // MARK: Interpolation (premultiplied)

    @Test func fadingRedToClearKeepsItRed() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let mid = red.interpolated(to: .clear, fraction: 0.5)
        // Straight interpolation would give (0.5, 0, 0, 0.5): a darker red. Premultiplied keeps red.
        #expect(mid == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test func fadingWhiteToTransparentBlackStaysWhite() {
        let transparentBlack = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let mid = Color.white.interpolated(to: transparentBlack, fraction: 0.5)
        #expect(mid == Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        let late = Color.white.interpolated(to: transparentBlack, fraction: 0.9)
        #expect(isApprox(late, Color(red: 1, green: 1, blue: 1, alpha: 0.1)))
    }

    @Test func fadingInFromClearTakesTheTargetColor() {
        let blue = Color(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        let early = Color.clear.interpolated(to: blue, fraction: 0.25)
        #expect(isApprox(early, Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.25)))
    }

    @Test func opaqueColorsInterpolateLinearly() {
        let mid = Color.black.interpolated(to: .white, fraction: 0.25)
        #expect(mid == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
    }

    @Test func partiallyTransparentColorsInterpolateTheirPremultipliedValues() {
        // red (α 1) → blue (α 0.5) at 0.5: premultiplied (0.5, 0, 0.25), α 0.75 → straight (2/3, 0, 1/3).
        let from = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let to = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(isApprox(mid, Color(red: 2.0 / 3, green: 0, blue: 1.0 / 3, alpha: 0.75)))
    }

    @Test func bothTransparentGivesClear() {
        let mid = Color(red: 1, green: 0, blue: 0, alpha: 0).interpolated(to: Color(red: 0, green: 1, blue: 0, alpha: 0), fraction: 0.5)
        #expect(mid == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(mid.isFinite)
    }

    @Test func endpointsAreExact() {
        let pairs: [(Color, Color)] = [
            (Color(red: 1, green: 0, blue: 0, alpha: 1), .clear),
            (Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7), Color(red: 0.1, green: 0.2, blue: 0.7, alpha: 0.3)),
            (Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.1), Color(red: 0.9, green: 0.35, blue: 0.15, alpha: 0.7)),
            (Color(hex: "#336699CC")!, Color(hex: "#FA8072")!),
        ]
        for (from, to) in pairs {
            #expect(from.interpolated(to: to, fraction: 0) == from, "from \(from) to \(to) at 0")
            #expect(from.interpolated(to: to, fraction: 1) == to, "from \(from) to \(to) at 1")
        }
    }
}
