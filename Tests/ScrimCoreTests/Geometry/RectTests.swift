import Foundation
import Testing
@testable import ScrimCore

@Suite struct RectTests {
    // MARK: Edges

    @Test func edgesOfAPositiveRect() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.minX == 10)
        #expect(rect.midX == 25)
        #expect(rect.maxX == 40)
        #expect(rect.minY == 20)
        #expect(rect.midY == 40)
        #expect(rect.maxY == 60)
    }

    @Test func edgesOfANegativeSizeRectAreStandardized() {
        // Origin (10, 20), extending 30 to the left and 40 upwards: spans x -20…10, y -20…20.
        let rect = Rect(x: 10, y: 20, width: -30, height: -40)
        #expect(rect.minX == -20)
        #expect(rect.midX == -5)
        #expect(rect.maxX == 10)
        #expect(rect.minY == -20)
        #expect(rect.midY == 0)
        #expect(rect.maxY == 20)
        #expect(rect.minX <= rect.maxX && rect.minY <= rect.maxY)
    }

    @Test func componentAccessorsReadAndWriteOriginAndSize() {
        var rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.origin == Point(x: 1, y: 2))
        #expect(rect.size == Size(width: 3, height: 4))
        rect.x = 5
        rect.height = 9
        #expect(rect == Rect(origin: Point(x: 5, y: 2), size: Size(width: 3, height: 9)))
        #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    // MARK: Standardized and isEmpty

    @Test func standardizedMakesTheSizeNonNegative() {
        #expect(Rect(x: 10, y: 20, width: -30, height: -40).standardized == Rect(x: -20, y: -20, width: 30, height: 40))
        #expect(Rect(x: 10, y: 20, width: 30, height: -40).standardized == Rect(x: 10, y: -20, width: 30, height: 40))
        let positive = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(positive.standardized == positive)
    }

    @Test func isEmptyWhenAnyDimensionIsZero() {
        #expect(Rect.zero.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
        #expect(Rect(x: 5, y: 5, width: 10, height: 0).isEmpty)
        #expect(!Rect(x: 5, y: 5, width: 10, height: 10).isEmpty)
        // A negative size is not empty (as CGRect): it covers an area.
        #expect(!Rect(x: 5, y: 5, width: -10, height: -10).isEmpty)
        #expect(Rect(x: .nan, y: 0, width: 10, height: 10).isEmpty)
    }

    // MARK: insetBy / offsetBy

    @Test func insetByShrinksOnBothSides() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
    }

    @Test func insetByWithNegativeValuesGrows() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.insetBy(dx: -10, dy: -5) == Rect(x: 0, y: 15, width: 120, height: 60))
    }

    @Test func insetByStandardizesFirst() {
        let rect = Rect(x: 110, y: 70, width: -100, height: -50)  // covers 10…110 × 20…70
        #expect(rect.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
    }

    @Test func offsetByMovesTheOriginOnly() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.offsetBy(dx: 5, dy: -25) == Rect(x: 15, y: -5, width: 30, height: 40))
        #expect(rect.offsetBy(dx: 0, dy: 0) == rect)
    }

    // MARK: union

    @Test func unionOfTwoRectsIsTheirBoundingBox() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: 5, width: 10, height: 20)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 30, height: 25))
        #expect(b.union(a) == Rect(x: 0, y: 0, width: 30, height: 25))
    }

    @Test func unionWithAnEmptyRectIsTheOtherRect() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        // The empty rectangle lies far away: if it contributed, the union would grow to include it.
        let empty = Rect(x: 500, y: 500, width: 0, height: 0)
        #expect(rect.union(empty) == rect)
        #expect(empty.union(rect) == rect)
        #expect(rect.union(.zero) == rect)
    }

    @Test func unionStandardizesNegativeSizes() {
        let a = Rect(x: 10, y: 10, width: -10, height: -10)  // 0…10 × 0…10
        let b = Rect(x: 20, y: 20, width: 5, height: 5)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 25, height: 25))
    }

    // MARK: intersection

    @Test func intersectionOfOverlappingRects() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        let b = Rect(x: 50, y: 25, width: 100, height: 50)
        #expect(a.intersection(b) == Rect(x: 50, y: 25, width: 50, height: 50))
        #expect(b.intersection(a) == Rect(x: 50, y: 25, width: 50, height: 50))
    }

    @Test func intersectionWithAContainedRectIsThatRect() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 100)
        let inner = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(outer.intersection(inner) == inner)
    }

    @Test func intersectionOfDisjointRectsIsZero() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 20, y: 0, width: 10, height: 10)) == .zero)
        #expect(a.intersection(Rect(x: 0, y: 20, width: 10, height: 10)) == .zero)
        #expect(a.intersection(Rect(x: 30, y: 30, width: 10, height: 10)) == .zero)
    }

    // MARK: contains

    @Test func containsPointIncludesMinEdgesAndExcludesMaxEdges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.contains(Point(x: 10, y: 20)))  // top-left corner
        #expect(rect.contains(Point(x: 25, y: 40)))  // middle
        #expect(rect.contains(Point(x: 39.999, y: 59.999)))
        #expect(!rect.contains(Point(x: 40, y: 40)))  // right edge
        #expect(!rect.contains(Point(x: 25, y: 60)))  // bottom edge
        #expect(!rect.contains(Point(x: 40, y: 60)))  // bottom-right corner
        #expect(!rect.contains(Point(x: 9.999, y: 40)))
        #expect(!rect.contains(Point(x: 25, y: 19.999)))
    }

    @Test func containsPointInANegativeSizeRect() {
        let rect = Rect(x: 10, y: 10, width: -10, height: -10)  // 0…10 × 0…10
        #expect(rect.contains(Point(x: 5, y: 5)))
        #expect(rect.contains(Point(x: 0, y: 0)))
        #expect(!rect.contains(Point(x: 10, y: 5)))
    }

    @Test func containsRect() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(outer.contains(Rect(x: 10, y: 10, width: 20, height: 20)))
        #expect(outer.contains(outer))  // edges may coincide
        #expect(outer.contains(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(!outer.contains(Rect(x: 90, y: 90, width: 20, height: 20)))  // overlaps the edge
        #expect(!outer.contains(Rect(x: -1, y: 10, width: 20, height: 20)))
        #expect(!outer.contains(Rect(x: 200, y: 200, width: 10, height: 10)))
        #expect(!Rect(x: 10, y: 10, width: 20, height: 20).contains(outer))
    }

    // MARK: JSON

    @Test func encodesAsFlatXYWidthHeight() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Rect(x: 1.5, y: -2, width: 30, height: 0.25))
        #expect(String(decoding: data, as: UTF8.self) == #"{"height":0.25,"width":30,"x":1.5,"y":-2}"#)
    }

    @Test func decodesFromFlatXYWidthHeight() throws {
        let json = #"{"x":1.5,"y":-2,"width":30,"height":0.25}"#
        let rect = try JSONDecoder().decode(Rect.self, from: Data(json.utf8))
        #expect(rect == Rect(x: 1.5, y: -2, width: 30, height: 0.25))
    }

    @Test func jsonRoundTrip() throws {
        let rect = Rect(x: -10.125, y: 3e-5, width: 390, height: 844)
        let decoded = try JSONDecoder().decode(Rect.self, from: try JSONEncoder().encode(rect))
        #expect(decoded == rect)
    }

    @Test func decodingRejectsAMissingField() {
        let json = #"{"x":1,"y":2,"width":3}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Rect.self, from: Data(json.utf8))
        }
    }
}
