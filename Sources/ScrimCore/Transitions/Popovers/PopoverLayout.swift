/// Where a popover goes in a regular-width window: pure geometry, in window coordinates.
///
/// The content size is `preferredContentSize` (320 × 480 when either side is zero), shrunk to
/// the window less a 10 pt margin on every side. The permitted directions are tried in the order
/// up (the popover below the source), down (above), left (to its right), right (to its left); the
/// first where the whole popover fits between the 13 pt arrow and the margin wins. If none fits,
/// the direction showing the largest area of it wins (the earlier one on a tie) and the popover is
/// shrunk along the arrow to the room there. Across the arrow the popover is centred on the
/// source, then moved inside the margins. When no permitted side has any room at all (a source
/// that covers the window), the popover is centred in the window with no arrow (`unknown`).
struct PopoverLayout: Hashable, Sendable {
    /// The presented view's frame (the arrow is not included).
    var frame: Rect
    var arrowDirection: PopoverArrowDirection

    /// The length of the arrow: the gap between the source and the popover.
    static let arrowLength = 13.0
    /// The room a popover keeps from the window's edges.
    static let windowMargin = 10.0
    /// The size of a popover whose `preferredContentSize` is zero.
    static let defaultContentSize = Size(width: 320, height: 480)

    /// The layout of a popover anchored at `source` (window coordinates) in a window of
    /// `windowSize`. An empty `permitted` set is taken as `any`.
    static func layout(
        source: Rect, windowSize: Size, preferredContentSize: Size, permitted: PopoverArrowDirection
    ) -> PopoverLayout {
        let margin = windowMargin
        let area = Rect(
            x: margin, y: margin, width: max(windowSize.width - 2 * margin, 0), height: max(windowSize.height - 2 * margin, 0))
        let wanted = preferredContentSize.width > 0 && preferredContentSize.height > 0 ? preferredContentSize : defaultContentSize
        let size = Size(width: min(wanted.width, area.width), height: min(wanted.height, area.height))
        let directions = PopoverArrowDirection.layoutOrder.filter { permitted.isEmpty || permitted.contains($0) }

        /// The room along the arrow on the side `direction` puts the popover.
        func room(_ direction: PopoverArrowDirection) -> Double {
            switch direction {
            case .up: area.maxY - (source.maxY + arrowLength)
            case .down: source.minY - arrowLength - area.minY
            case .left: area.maxX - (source.maxX + arrowLength)
            default: source.minX - arrowLength - area.minX
            }
        }
        func isVertical(_ direction: PopoverArrowDirection) -> Bool { direction == .up || direction == .down }

        var chosen: (direction: PopoverArrowDirection, size: Size)?
        if let fitting = directions.first(where: { room($0) >= (isVertical($0) ? size.height : size.width) }) {
            chosen = (fitting, size)
        } else {
            var bestArea = 0.0
            for direction in directions {
                let length = min(max(room(direction), 0), isVertical(direction) ? size.height : size.width)
                let visible = length * (isVertical(direction) ? size.width : size.height)
                if visible > bestArea {
                    bestArea = visible
                    chosen = (direction, isVertical(direction)
                        ? Size(width: size.width, height: length) : Size(width: length, height: size.height))
                }
            }
        }
        guard let (direction, final) = chosen else {
            return PopoverLayout(
                frame: Rect(
                    x: area.minX + (area.width - size.width) / 2, y: area.minY + (area.height - size.height) / 2,
                    width: size.width, height: size.height),
                arrowDirection: .unknown)
        }
        /// Centred on the source along one axis, then inside the margins.
        func across(_ center: Double, _ length: Double, _ low: Double, _ high: Double) -> Double {
            min(max(center - length / 2, low), high - length)
        }
        let frame: Rect
        switch direction {
        case .up, .down:
            let x = across(source.midX, final.width, area.minX, area.maxX)
            let y = direction == .up ? source.maxY + arrowLength : source.minY - arrowLength - final.height
            frame = Rect(x: x, y: y, width: final.width, height: final.height)
        default:
            let y = across(source.midY, final.height, area.minY, area.maxY)
            let x = direction == .left ? source.maxX + arrowLength : source.minX - arrowLength - final.width
            frame = Rect(x: x, y: y, width: final.width, height: final.height)
        }
        return PopoverLayout(frame: frame, arrowDirection: direction)
    }
}
