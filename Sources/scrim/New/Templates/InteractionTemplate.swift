/// The Lua file `scrim new interaction NAME` writes: a percent-driven interaction controller that
/// a vertical pan drives (Docs/LuaAPI.md, "Inherited members").
enum InteractionTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — an interaction controller: a vertical pan drives the transition; released, it
            -- finishes (past half way, or flicked down) or goes back.
            --
            -- In UIKit this is a UIPercentDrivenInteractiveTransition subclass that a pan gesture
            -- recognizer updates. Here `percentDriven = true` says the same: the instance inherits the
            -- host's percent driver — `self:updateInteractiveTransition(p)`,
            -- `self:finishInteractiveTransition()`, `self:cancelInteractiveTransition()`,
            -- `self.percentComplete` (Docs/LuaAPI.md). An interaction drives an animator, any animator: it
            -- scrubs the animations the animator made, and going back restores what they touched.
            --
            -- Defining `handleGesture(gesture)` makes the host add a pan recognizer to the container when
            -- the transition starts, whose action calls it (and remove it when the pan ends).
            --
            -- Play it (it needs an animator, and input): drag on the page of
            --           scrim preview --serve \(file).lua --animator crossfade --plugins path/to/scrim/Plugins
            -- or play timed pans (Docs/CLI.md, "Interaction files"):
            --           scrim run \(file).lua --animator crossfade --plugins path/to/scrim/Plugins --interaction drag.json
            -- with drag.json a drag down 500 points, past half way:
            --   [ { "time": 0.1, "pan": "began", "x": 195, "y": 100 },
            --     { "time": 0.2, "pan": "changed", "x": 195, "y": 350 },
            --     { "time": 0.3, "pan": "changed", "x": 195, "y": 600 },
            --     { "time": 0.4, "pan": "ended", "x": 195, "y": 600 } ]
            -- Check it: scrim check \(file).lua

            ---@class \(cls): scrim.Interaction
            local \(cls) = {
              percentDriven = true,    -- a subclass of the host's percent driver
              finishThreshold = 0.5,   -- released at or past this fraction, the transition finishes
              flickVelocity = 1000,    -- …or flicked down faster than this, in points per second
              completionSpeed = 1,     -- UIKit's completionSpeed: how fast the rest runs after release
            }

            ---The pan's action method: called with the recognizer on every change of its state.
            ---@param gesture scrim.PanGestureRecognizer
            function \(cls):handleGesture(gesture)
              local container = gesture.view              -- the container view the host attached it to
              if container == nil then return end
              local state = gesture.state
              if state == "began" then
                gesture:setTranslation(scrim.Point(0, 0), container)
              elseif state == "changed" then
                -- The fraction of the container's height the finger has travelled (clamped to 0…1).
                local translation = gesture:translationInView(container)
                self:updateInteractiveTransition(translation.y / container.bounds.height)
              else
                -- "ended", "cancelled" or "failed": finish, or go back.
                local velocity = gesture:velocityInView(container)
                if state == "ended" and (self.percentComplete >= self.finishThreshold or velocity.y > self.flickVelocity) then
                  self:finishInteractiveTransition()
                else
                  self:cancelInteractiveTransition()
                end
              end
            end

            return \(cls)

            """
    }
}
