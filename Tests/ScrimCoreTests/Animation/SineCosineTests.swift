import Foundation
import Testing
@testable import ScrimCore

@Suite struct SineCosineTests {
    /// Every angle from −20π to 20π in steps that land in every quadrant and near every boundary.
    @Test func agreesWithLibmWithinTwoUlps() {
        var worst = 0.0
        var x = -20 * Double.pi
        while x <= 20 * Double.pi {
            let (s, c) = sineCosine(x)
            worst = max(worst, abs(s - sin(x)), abs(c - cos(x)))
            x += 0.000_731
        }
        #expect(worst <= 4.5e-16)
    }

    @Test func quadrantBoundariesAreExactWhereLibmIs() {
        for quarterTurns in -8...8 {
            let x = Double(quarterTurns) * Double.pi / 2
            let (s, c) = sineCosine(x)
            #expect(abs(s - sin(x)) <= 2.3e-16, "sin at \(quarterTurns)·π/2")
            #expect(abs(c - cos(x)) <= 2.3e-16, "cos at \(quarterTurns)·π/2")
        }
        #expect(sineCosine(0) == (0, 1))
    }

    @Test func hugeAndNonFiniteAnglesFallBackToLibm() {
        for x in [1e7, -3.5e9, Double.infinity, Double.nan] {
            let (s, c) = sineCosine(x)
            #expect(s.bitPattern == sin(x).bitPattern || (s.isNaN && sin(x).isNaN))
            #expect(c.bitPattern == cos(x).bitPattern || (c.isNaN && cos(x).isNaN))
        }
    }
}
