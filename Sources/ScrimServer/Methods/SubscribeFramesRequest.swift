internal import ScrimJSON
/// `scrim/subscribeFrames { enabled, views?: [id] }` → `{}`: while enabled, every tick that
/// changed a view's presentation sends `scrim/frame` with those views only (of `views`, if
/// given). What is on screen when subscribing is the baseline.
enum SubscribeFramesRequest: RequestHandler {
    static let method = "scrim/subscribeFrames"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let enabled = try params.bool("enabled")
        let views = try params.optionalStrings("views")
        if enabled {
            session.subscribeFrames(views: views)
        } else {
            session.frameSubscription = nil
        }
        return [:]
    }
}
