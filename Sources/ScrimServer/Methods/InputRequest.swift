import ScrimCore
internal import ScrimJSON

/// `scrim/input`: a synthesized event in window coordinates.
/// - `{ type: "pan", phase, location: {x, y}, view? }` → `{ received }`: delivered to the
///   recognizer of the view under the location (or of `view`) that took the pan's `began`;
///   `received` says whether a recognizer got it (a pan none took is in progress all the same).
/// - `{ type: "tap", location: {x, y} }` → `{ view? }`: hit-tests the window (`Window.sendTap`):
///   the deepest view hit, absent outside the window; a tap outside a popover dismisses it.
enum InputRequest: RequestHandler {
    static let method = "scrim/input"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        if try params.choice("type", ["pan", "tap"]) == "tap" { return try tap(params, in: session) }
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
            return ["received": .bool(try session.host.window.sendPan(phase, at: location, in: target))]
        } catch {
            throw .invalidParams(params.path, error.description)
        }
    }

    private static func tap(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let location = try params.point("location")
        let hit: View?
        do {
            hit = try session.host.window.sendTap(at: location)
        } catch {
            throw .invalidParams(params.field("location"), error.description)
        }
        guard let hit else { return [:] }
        return ["view": .string(hit.id)]
    }
}
