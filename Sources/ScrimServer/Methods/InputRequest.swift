import ScrimCore
internal import ScrimJSON

/// `scrim/input { type: "pan", phase, location: {x, y}, view? }` → `{}`: a synthesized pan event
/// in window coordinates, delivered to the recognizers of the view under the location (or of
/// `view`).
enum InputRequest: RequestHandler {
    static let method = "scrim/input"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        _ = try params.choice("type", ["pan"])
        let phase = PanPhase(rawValue: try params.choice("phase", PanPhase.allCases.map(\.rawValue)))!
        let location = try params.point("location")
        var target: View?
        if let id = try params.optionalString("view") {
            guard let view = session.view(id) else {
                throw .invalidParams(params.field("view"), "view '\(id)' is not in the window: pan events go to views in the window")
            }
            target = view
        }
        do {
            try session.host.window.sendPan(phase, at: location, in: target)
        } catch {
            throw .invalidParams(params.path, error.description)
        }
        return [:]
    }
}
