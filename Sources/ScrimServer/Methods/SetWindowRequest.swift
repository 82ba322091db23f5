import ScrimCore
internal import ScrimJSON

/// `scrim/setWindow { width, height, horizontalSizeClass? }` → `{}`: a size transition
/// (Docs/Transitions.md, "Size changes") — presentation controllers re-lay out with a
/// coordinator; nothing is dismissed. Without `horizontalSizeClass` the class follows the width
/// (compact below 600 pt).
enum SetWindowRequest: RequestHandler {
    static let method = "scrim/setWindow"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let size = Size(width: try params.number("width", in: 1...100_000), height: try params.number("height", in: 1...100_000))
        let sizeClass = try params.optionalCase("horizontalSizeClass", UserInterfaceSizeClass.self)
        let window = session.host.window
        let previous = window.forcedHorizontalSizeClass
        window.forcedHorizontalSizeClass = sizeClass
        do {
            try window.setSize(size)
        } catch {
            window.forcedHorizontalSizeClass = previous
            throw .invalidParams(params.path, error.description)
        }
        return [:]
    }
}
