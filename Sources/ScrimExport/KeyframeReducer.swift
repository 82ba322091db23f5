/// Keeps the fewest keyframes of a recorded track that replay it within the tolerances: a
/// keyframe is dropped when the interpolation between the keyframes kept around it (linear for
/// numbers, points, sizes and colors; `Transform3D.interpolate` for matrices, as the replay and
/// Core Animation do) stays within the tolerance of every recorded sample in between.
///
/// The tolerances (Docs/Export.md, "Tolerances") are one table, `Tolerance`.
package struct KeyframeReducer: Sendable {
    /// How far a replayed value may be from the recorded one, per kind of component.
    package struct Tolerance: Sendable, Equatable {
        /// Points: position, size, corner radius, z position, shadow radius and offset, border
        /// width, a matrix's translation (m41, m42, m43).
        package var points = 0.25
        /// Opacity, shadow opacity and each color component (0…1).
        package var fraction = 0.002
        /// The anchor point, in unit coordinates.
        package var unit = 0.001
        /// A matrix's 3×3 part and m44: 0.001 keeps a rotation within 0.06° (under 0.1°) and a
        /// scale within 0.1 %.
        package var matrixLinear = 0.001
        /// A matrix's perspective column (m14, m24, m34): 1e-5 (a perspective of -1/500 is
        /// -0.002).
        package var matrixPerspective = 0.00001

        package init() {}

        /// The tolerance of `property`'s component `index`.
        package func of(_ property: ExportedProperty, component index: Int) -> Double {
            switch property {
            case .position, .size, .cornerRadius, .zPosition, .shadowRadius, .shadowOffset, .borderWidth: points
            case .opacity, .shadowOpacity, .shadowColor, .borderColor, .backgroundColor: fraction
            case .anchorPoint: unit
            case .transform, .sublayerTransform:
                switch index {
                case 12, 13, 14: points
                case 3, 7, 11: matrixPerspective
                default: matrixLinear
                }
            }
        }

        /// Whether `a` is within tolerance of `b`.
        package func accepts(_ a: [Double], _ b: [Double], for property: ExportedProperty) -> Bool {
            for index in a.indices where !(abs(a[index] - b[index]) <= of(property, component: index)) { return false }
            return true
        }
    }

    package var tolerance: Tolerance

    package init(tolerance: Tolerance = Tolerance()) {
        self.tolerance = tolerance
    }

    /// The indices of the samples to keep: the first, the last, and between them the fewest
    /// that replay every sample within tolerance. `times` rise strictly; `samples` are
    /// `property`'s components at those times.
    package func keep(times: [Double], samples: [[Double]], of property: ExportedProperty) -> [Int] {
        precondition(times.count == samples.count)
        guard samples.count > 2 else { return Array(samples.indices) }
        var kept = [0]
        var start = 0
        while start < samples.count - 1 {
            // The farthest end from `start` whose segment replays every sample in between.
            var end = start + 1
            while end + 1 < samples.count, replays(from: start, to: end + 1, times: times, samples: samples, property) { end += 1 }
            kept.append(end)
            start = end
        }
        return kept
    }

    /// Whether the segment from sample `start` to sample `end` replays each sample between them.
    private func replays(from start: Int, to end: Int, times: [Double], samples: [[Double]], _ property: ExportedProperty) -> Bool {
        let span = times[end] - times[start]
        for index in (start + 1)..<end {
            let t = (times[index] - times[start]) / span
            let value = property.interpolate(samples[start], samples[end], fraction: t)
            if !tolerance.accepts(value, samples[index], for: property) { return false }
        }
        return true
    }
}
