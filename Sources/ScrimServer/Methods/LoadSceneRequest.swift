internal import ScrimJSON
import ScrimHost
/// `scrim/loadScene { scene }` → `{ viewControllers: [id] }` (Docs/Protocol.md, "Scenes").
/// `scene` is a scene object, the path of a `.json` file or of a `.lua` file returning the same
/// table (relative paths resolve against the workspace root), or `"demo"` for the built-in recipe
/// scene.
enum LoadSceneRequest: RequestHandler {
    static let method = "scrim/loadScene"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let scene = try description(params, in: session)
        try session.loadScene(scene)
        return ["viewControllers": .array(session.sceneOrder.map { .string($0) })]
    }

    static func description(_ params: Params, in session: Session) throws(ResponseError) -> SceneDescription {
        guard let value = params.value("scene") else {
            throw .invalidParams(params.field("scene"), "missing; expected a scene object, a file path or \"demo\"")
        }
        guard value.objectValue != nil || value.stringValue != nil else {
            throw .invalidParams(params.field("scene"), "expected a scene object, a file path or \"demo\", got \(value.typeNameWithArticle)")
        }
        do throws(SceneError) {
            switch value {
            case .string("demo"): return DemoScene.description
            case .string(let path): return try SceneDescription(contentsOf: session.options.resolve(path), evaluatingLuaWith: session.host)
            default: return try SceneDescription(json: value, path: params.field("scene"))
            }
        } catch {
            throw ResponseError(.invalidScene, error.message)
        }
    }
}
