/// The scene `scrim new segue|controller NAME` writes beside the plugin, `NAME.scene.json`: a
/// segue class and a controller run only where a scene names them (Docs/Protocol.md, "Scenes").
/// A list whose card is the trigger of the segue `open` to a full-screen detail screen.
enum SceneTemplate {
    /// With `segueClass`, `open` is a custom segue of that class, else a `present` segue; with
    /// `controller`, both view controllers get that controller plugin.
    static func source(segueClass: String? = nil, controller: String? = nil) -> String {
        let segue = segueClass.map { #""kind": "custom", "segueClass": "\#($0)""# } ?? #""kind": "present""#
        let behaviour = controller.map { #" "controller": "\#($0)","# } ?? ""
        return """
            {
              "window": { "width": 390, "height": 844 },
              "root": "list",
              "viewControllers": [
                { "id": "list", "title": "List",\(behaviour)
                  "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 }, "backgroundColor": [1, 1, 1, 1],
                    "subviews": [ { "id": "card", "name": "card", "frame": { "x": 20, "y": 120, "width": 350, "height": 200 },
                                    "backgroundColor": [0.95, 0.55, 0.35, 1], "cornerRadius": 20 } ] },
                  "segues": [ { "identifier": "open", \(segue), "destination": "detail", "trigger": "card" } ] },
                { "id": "detail", "title": "Detail",\(behaviour) "modalPresentationStyle": "fullScreen",
                  "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 }, "backgroundColor": [1, 1, 1, 1] } }
              ]
            }

            """
    }
}
