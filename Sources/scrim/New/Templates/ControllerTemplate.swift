/// The Lua file `scrim new controller NAME` writes: a view controller's behaviour — the
/// appearance callbacks and the segue methods a UIViewController subclass overrides
/// (Docs/LuaAPI.md, Docs/Segues.md).
enum ControllerTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — a view controller's behaviour: what a UIViewController subclass overrides — the
            -- appearance callbacks and the segue methods — for each view controller a scene gives it to.
            --
            -- Scrim's view controllers are made by the host or by a scene (Scrim's storyboard); a
            -- controller plugin adds the code your subclass would have. Defining any of these methods (or
            -- an `unwindActions` table) is what makes this file one (Docs/LuaAPI.md, Docs/Segues.md). Each
            -- method gets the view controller (`vc`) after `self`, and runs after the view controller's
            -- own. A scene attaches it with `"controller": "\(file)"`, as \(file).scene.json beside this file
            -- does: a list whose card presents a detail screen, both with this behaviour.
            --
            -- Play it:  scrim run \(file).lua --scene \(file).scene.json --segue open --tap card
            --           scrim preview --serve \(file).lua --scene \(file).scene.json --segue open --tap card
            -- Check it: scrim check \(file).lua
            --
            -- Unwind actions (`@IBAction func done(_ segue: UIStoryboardSegue)`) go in a table:
            --   \(cls).unwindActions = { done = function(self, vc, segue) print("back from", segue.source.id) end }

            ---@class \(cls): scrim.Controller
            local \(cls) = {}

            ---`viewDidLoad()`: when the view loads, or at once when the behaviour is given to a view
            ---controller whose view is loaded (a scene's are, before the timeline starts).
            ---@param vc scrim.ViewController
            function \(cls):viewDidLoad(vc)
              print(vc.id, "viewDidLoad")          -- what a plugin prints shows in the timeline
            end

            ---`viewWillAppear(_:)`.
            ---@param vc scrim.ViewController
            ---@param animated boolean
            function \(cls):viewWillAppear(vc, animated)
              print(vc.id, "viewWillAppear", animated)
            end

            ---`viewDidAppear(_:)`.
            ---@param vc scrim.ViewController
            ---@param animated boolean
            function \(cls):viewDidAppear(vc, animated)
              print(vc.id, "viewDidAppear", animated)
            end

            ---`viewWillDisappear(_:)`.
            ---@param vc scrim.ViewController
            ---@param animated boolean
            function \(cls):viewWillDisappear(vc, animated)
              print(vc.id, "viewWillDisappear", animated)
            end

            ---`shouldPerformSegue(withIdentifier:sender:)`: asked for a segue a tap triggers (not for
            ---`vc:performSegue`); false, and nothing happens.
            ---@param vc scrim.ViewController
            ---@param identifier string
            ---@param sender scrim.View?
            ---@return boolean
            function \(cls):shouldPerformSegue(vc, identifier, sender)
              return true
            end

            ---`prepare(for:sender:)`: the destination is a new instance, its view not loaded yet.
            ---@param vc scrim.ViewController
            ---@param segue scrim.Segue
            ---@param sender scrim.View?
            function \(cls):prepareForSegue(vc, segue, sender)
              print(vc.id, "prepareForSegue", segue.identifier, "to", segue.destination.id)
            end

            return \(cls)

            """
    }
}
