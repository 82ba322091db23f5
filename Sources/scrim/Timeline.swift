import Foundation
import Scrim

/// Records the presentation values of chosen views at every tick and prints them as a table or
/// as JSON lines shaped like `scrim/frame` notifications.
@MainActor
final class Timeline {
    struct Row {
        let time: Double
        let viewID: String
        let values: ViewValues
        let isHidden: Bool
    }

    private(set) var rows: [Row] = []
    private var last: [String: ViewValues] = [:]

    /// Records the views whose presentation changed since the previous record.
    func record(time: Double, views: [View]) {
        for view in views {
            let values = view.presentation
            guard last[view.id] != values else { continue }
            last[view.id] = values
            rows.append(Row(time: time, viewID: view.id, values: values, isHidden: view.isHidden))
        }
    }

    func printTable() {
        let header = ["time", "view", "frame", "alpha", "cornerRadius"]
        let body = rows.map { row in
            [
                String(format: "%.4f", row.time), row.viewID,
                Self.format(row.values.frame), String(format: "%.3f", row.values.alpha),
                String(format: "%.2f", row.values.cornerRadius),
            ]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        print(line(header))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        for cells in body { print(line(cells)) }
    }

    /// One JSON object per tick: `{ "time", "views": [...] }` (only views that changed).
    func printJSONLines() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var index = 0
        while index < rows.count {
            let time = rows[index].time
            var views: [FrameView] = []
            while index < rows.count, rows[index].time == time {
                views.append(FrameView(rows[index]))
                index += 1
            }
            let data = try encoder.encode(Frame(time: time, views: views))
            print(String(decoding: data, as: UTF8.self))
        }
    }

    private static func format(_ rect: Rect) -> String {
        String(format: "(%.2f, %.2f, %.2f, %.2f)", rect.x, rect.y, rect.width, rect.height)
    }

    private struct Frame: Encodable {
        let time: Double
        let views: [FrameView]
    }

    private struct FrameView: Encodable {
        let id: String
        let frame: Rect
        let bounds: Rect
        let center: Point
        let transform: [Double]
        let alpha: Double
        let backgroundColor: [Double]
        let cornerRadius: Double
        let isHidden: Bool

        init(_ row: Row) {
            let v = row.values
            id = row.viewID
            frame = v.frame
            bounds = v.bounds
            center = v.center
            transform = [v.transform.a, v.transform.b, v.transform.c, v.transform.d, v.transform.tx, v.transform.ty]
            alpha = v.alpha
            backgroundColor = [v.backgroundColor.red, v.backgroundColor.green, v.backgroundColor.blue, v.backgroundColor.alpha]
            cornerRadius = v.cornerRadius
            isHidden = row.isHidden
        }
    }
}
