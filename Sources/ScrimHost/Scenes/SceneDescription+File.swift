import Foundation
import ScrimCore
internal import ScrimLua
internal import ScrimJSON

extension SceneDescription {
    /// The scene in a `.json` file, or in a `.lua` file that returns the same table (run in the
    /// sandbox of `host`'s Lua state, with its budget and memory cap).
    ///
    /// - Throws: `SceneError` naming the file and what is wrong with it.
    @MainActor
    package init(contentsOf url: URL, evaluatingLuaWith host: ScrimHost) throws(SceneError) {
        let name = url.lastPathComponent
        if url.pathExtension == "lua" {
            let value: OptionValue
            do {
                value = try host.evaluateLuaData(at: url.path)
            } catch {
                throw SceneError(message: "\(error)")
            }
            // An empty Lua table is `{}`, which is also the empty array a Lua scene means by it.
            try self.init(OptionReader(value: value, path: name, emptyObjectIsEmptyArray: true))
        } else {
            try self.init(json: try JSONInputFile.read(url, noun: "scene file"), path: name)
        }
    }

    /// The view controller a scene presents by default (`scrim run`): the first one in the
    /// scene's order that is neither the root nor anyone's child.
    package var firstPresentable: String? {
        let children = Set(viewControllers.flatMap(\.children))
        return viewControllers.first { $0.id != root && !children.contains($0.id) }?.id
    }

    /// Makes the scene's view controllers and views.
    @MainActor
    package func build() -> BuiltScene { SceneBuilder.build(self) }

    /// A new instance of the declared view controller `id` (and of its children and views), every
    /// id with `suffix`: `detail#2`, `detailView#2`.
    @MainActor
    package func instantiate(_ id: String, suffix: String) -> ViewController {
        SceneBuilder.instantiate(id, in: self, suffix: suffix)
    }
}

/// A scene's view controllers, made.
@MainActor
package struct BuiltScene {
    package let root: ViewController
    package let viewControllers: [String: ViewController]
    /// The ids in the scene's order.
    package let order: [String]
}
