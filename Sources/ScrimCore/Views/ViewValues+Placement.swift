extension ViewValues {
    /// The point of `bounds` that sits at `center`: `anchorPoint` in bounds coordinates.
    var anchorInBounds: Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// How a layer with these values sits in its superlayer's bounds coordinates, as Core Animation
    /// places it (Docs/Animation.md, "Layers in 3-D"): a point of the bounds, relative to the anchor
    /// point, is transformed by `transform3D`, moved to (`center`, `zPosition`), then transformed by
    /// the superlayer's `sublayerTransform` about the superlayer's anchor point; the result is
    /// flattened onto the superlayer's plane (z dropped after the perspective divide).
    ///
    /// The matrix returned ignores an input z and gives z = 0, so it maps the layer's plane onto the
    /// superlayer's plane and its inverse maps back (unprojection).
    func placement(in superlayer: ViewValues?) -> Transform3D {
        let anchor = anchorInBounds
        var matrix = Transform3D.translation(-anchor.x, -anchor.y, 0)
            .concatenating(transform3D)
            .concatenating(.translation(center.x, center.y, zPosition))
        if let superlayer, !superlayer.sublayerTransform.isIdentity {
            let pivot = superlayer.anchorInBounds
            matrix = matrix.concatenating(.translation(-pivot.x, -pivot.y, 0))
                .concatenating(superlayer.sublayerTransform)
                .concatenating(.translation(pivot.x, pivot.y, 0))
        }
        // Flatten: the input's z row and the output's z column go.
        (matrix.m31, matrix.m32, matrix.m33, matrix.m34) = (0, 0, 1, 0)
        (matrix.m13, matrix.m23, matrix.m43) = (0, 0, 0)
        return matrix
    }

    /// Whether the 2-D placement suffices: an affine transform and no sublayer transform above.
    private func isFlat(in superlayer: ViewValues?) -> Bool {
        transform3D.isAffine && (superlayer?.sublayerTransform.isIdentity ?? true)
    }

    /// A point of these bounds in the superlayer's bounds coordinates.
    func convertToSuperlayer(_ point: Point, superlayer: ViewValues?) -> Point {
        let anchor = anchorInBounds
        let local = Point(x: point.x - anchor.x, y: point.y - anchor.y)
        if isFlat(in: superlayer) {
            let turned = transform.apply(to: local)
            return Point(x: turned.x + center.x, y: turned.y + center.y)
        }
        return placement(in: superlayer).apply(to: point)
    }

    /// A point of the superlayer's bounds in these bounds' coordinates: where the line of sight
    /// through it meets this layer's plane. Nil when it meets none in front of the viewer (the
    /// layer is seen edge-on, or the point is behind it).
    func convertFromSuperlayer(_ point: Point, superlayer: ViewValues?) -> Point? {
        let anchor = anchorInBounds
        if isFlat(in: superlayer) {
            let offset = Point(x: point.x - center.x, y: point.y - center.y)
            // Most views are not transformed: no inversion then (hit-testing converts a point per view).
            let local = transform.isIdentity ? offset : transform.inverted().apply(to: offset)
            return Point(x: local.x + anchor.x, y: local.y + anchor.y)
        }
        let matrix = placement(in: superlayer)
        guard matrix.determinant != 0 else { return nil }
        let inverse = matrix.inverted()
        let w = point.x * inverse.m14 + point.y * inverse.m24 + inverse.m44
        guard w > 0 else { return nil }
        let local = inverse.apply(to: point)
        return local.isFinite ? local : nil
    }

    /// Whether the layer shows its back in its superlayer's plane: its placement reverses the
    /// orientation where its anchor point lands (the sign of the homography's determinant times
    /// that of w there).
    func isFacingAway(in superlayer: ViewValues?) -> Bool {
        if isFlat(in: superlayer) { return transform.a * transform.d - transform.b * transform.c < 0 }
        let matrix = placement(in: superlayer)
        let anchor = anchorInBounds
        let w = anchor.x * matrix.m14 + anchor.y * matrix.m24 + matrix.m44
        return matrix.determinant * w < 0
    }
}
