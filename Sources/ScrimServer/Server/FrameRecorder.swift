import ScrimCore
package import ScrimJSON

/// Finds the views whose presentation changed since the last frame: what `scrim/frame` and
/// `scrim run` report. A view seen for the first time counts as changed.
@MainActor
package final class FrameRecorder {
    /// What counts as a change: the presentation values and `isHidden`.
    private struct Shown: Equatable {
        var values: ViewValues
        var isHidden: Bool
    }

    private let detector: ViewChangeDetector<Shown>

    /// Only these view ids (nil: every view).
    package var views: Set<String>? { detector.views }

    package init(views: Set<String>? = nil) {
        detector = ViewChangeDetector(views: views) { Shown(values: $0.presentation, isHidden: $0.isHidden) }
    }

    /// Takes what is on screen under `root` now as already reported.
    package func baseline(_ root: View) {
        _ = changes(in: root)
    }

    /// Forgets everything seen (a new scene): every view counts as changed next time.
    package func reset() { detector.reset() }

    /// The views under `root` (itself included, depth first, back to front) whose presentation
    /// values or `isHidden` changed since the previous call.
    package func changes(in root: View) -> [View] { detector.changes(in: root) }

    /// The params of `scrim/frame`: `{ time, views: [{ id, frame, bounds, center, transform,
    /// alpha, backgroundColor, cornerRadius, isHidden }] }`.
    package static func frameParams(time: Double, views: [View]) -> JSONValue {
        ["time": .double(time), "views": .array(views.map { .object($0.frameJSON()) })]
    }
}
