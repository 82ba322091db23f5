import ScrimCore
package import ScrimJSON

/// Finds the views whose presentation changed since the last frame: what `scrim/frame` and
/// `scrim run` report. A view seen for the first time counts as changed.
@MainActor
package final class FrameRecorder {
    private struct Seen: Equatable {
        var values: ViewValues
        var isHidden: Bool
    }

    /// Only these view ids (nil: every view).
    package let views: Set<String>?
    private var seen: [String: Seen] = [:]

    package init(views: Set<String>? = nil) {
        self.views = views
    }

    /// Takes what is on screen under `root` now as already reported.
    package func baseline(_ root: View) {
        _ = changes(in: root)
    }

    /// Forgets everything seen (a new scene): every view counts as changed next time.
    package func reset() { seen = [:] }

    /// The views under `root` (itself included, depth first, back to front) whose presentation
    /// values or `isHidden` changed since the previous call.
    package func changes(in root: View) -> [View] {
        var changed: [View] = []
        func visit(_ view: View) {
            if views?.contains(view.id) ?? true {
                let current = Seen(values: view.presentation, isHidden: view.isHidden)
                if seen[view.id] != current {
                    seen[view.id] = current
                    changed.append(view)
                }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        return changed
    }

    /// The params of `scrim/frame`: `{ time, views: [{ id, frame, bounds, center, transform,
    /// alpha, backgroundColor, cornerRadius, isHidden }] }`.
    package static func frameParams(time: Double, views: [View]) -> JSONValue {
        ["time": .double(time), "views": .array(views.map { .object($0.frameJSON()) })]
    }
}
