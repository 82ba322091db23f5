import Foundation
import Scrim

/// One line of `scrim run`'s table: a view's presentation values at a tick where they changed.
@MainActor
struct TimelineRow {
    let time: Double
    let viewID: String
    let values: ViewValues

    init(time: Double, view: View) {
        self.time = time
        viewID = view.id
        values = view.presentation
    }

    /// Prints the rows of the views that moved (a view that never changed after its first row
    /// is left out): time, view, frame, alpha, corner radius.
    static func printTable(_ rows: [TimelineRow]) {
        var rowCount: [String: Int] = [:]
        for row in rows { rowCount[row.viewID, default: 0] += 1 }
        let shown = rows.filter { rowCount[$0.viewID, default: 0] > 1 }
        let header = ["time", "view", "frame", "alpha", "cornerRadius"]
        let body = shown.map { row in
            [
                String(format: "%.4f", row.time), row.viewID, format(row.values.frame),
                String(format: "%.3f", row.values.alpha), String(format: "%.2f", row.values.cornerRadius),
            ]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        print(line(header))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        for cells in body { print(line(cells)) }
    }

    private static func format(_ rect: Rect) -> String {
        String(format: "(%.2f, %.2f, %.2f, %.2f)", rect.x, rect.y, rect.width, rect.height)
    }
}
