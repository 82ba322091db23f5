import Foundation
import ScrimCore
import ScrimLua

extension SceneDescription {
    /// The scene in a `.json` file, or in a `.lua` file that returns the same table (run in the
    /// sandbox of `host`'s Lua state, with its budget and memory cap).
    ///
    /// - Throws: 1005 naming the file and what is wrong with it.
    @MainActor
    public init(contentsOf url: URL, evaluatingLuaWith host: ScrimHost) throws(ResponseError) {
        let value: JSONValue
        let isLua = url.pathExtension == "lua"
        if isLua {
            do {
                value = try host.evaluateLuaData(at: url.path).json
            } catch {
                throw ResponseError(.invalidScene, "\(error)")
            }
        } else {
            guard let data = FileContents.read(atPath: url.path) else {
                throw ResponseError(.invalidScene, "\(url.path): cannot read the scene file")
            }
            do {
                value = try JSONValue(parsing: [UInt8](data))
            } catch {
                throw ResponseError(.invalidScene, "\(url.path): \(error)")
            }
        }
        do {
            // An empty Lua table is `{}`, which is also the empty array a Lua scene means by it.
            try self.init(Params(value, path: url.lastPathComponent, emptyObjectIsEmptyArray: isLua))
        } catch {
            throw ResponseError(.invalidScene, error.message)
        }
    }

    /// The view controller a scene presents by default (`scrim run`): the first one in the
    /// scene's order that is neither the root nor anyone's child.
    public var firstPresentable: String? {
        let children = Set(viewControllers.flatMap(\.children))
        return viewControllers.first { $0.id != root && !children.contains($0.id) }?.id
    }

    /// Makes the scene's view controllers and views.
    @MainActor
    public func build() -> BuiltScene { SceneBuilder.build(self) }
}

/// A scene's view controllers, made.
@MainActor
public struct BuiltScene {
    public let root: ViewController
    public let viewControllers: [String: ViewController]
    /// The ids in the scene's order.
    public let order: [String]
}
