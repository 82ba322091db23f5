/// The Lua file `scrim new animator NAME` writes: an animator that fades and grows the presented
/// view in, and fades and shrinks it out (Docs/LuaAPI.md, Docs/WritingAnimators.md).
enum AnimatorTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — an animator: the presented view fades in as it grows to its place; dismissed,
            -- it fades out as it shrinks.
            --
            -- In UIKit this is an object that adopts UIViewControllerAnimatedTransitioning. In Scrim a
            -- plugin is this Lua file: it returns a table, the plugin's class, and the plugin is named after
            -- the file (`\(file)`). Defining `animateTransition` is what makes it an animator
            -- (Docs/LuaAPI.md; the tutorial is Docs/WritingAnimators.md).
            --
            -- Play it:  scrim run \(file).lua --dismiss          (present, then dismiss, on the demo scene)
            --           scrim run \(file).lua --push --dismiss   (push, then pop)
            --           scrim preview --serve \(file).lua --dismiss   (live in a browser, played again on every save)
            -- Check it: scrim check \(file).lua
            -- Editors complete `scrim.…` and the annotations below with Plugins/scrim.d.lua (Docs/Editors.md).

            ---@class \(cls): scrim.Animator
            local \(cls) = {
              duration = 0.35,   -- seconds (`transitionDuration(using:)` falls back to this field)
              scale = 0.9,       -- how small the view starts (presenting) or ends (dismissing)
            }

            -- Each transition gets a new instance of the class: an empty table that reads the fields
            -- above. Define `function \(cls).new(options) return { … } end` to make it from the caller's
            -- options instead.

            ---`animateTransition(using:)`: add the views to the container, animate them, then complete.
            ---@param ctx scrim.Context
            function \(cls):animateTransition(ctx)
              local container = ctx.containerView
              local presenting = ctx.isPresenting                      -- false for a dismissal or a pop
              -- The view that moves is the presented one: "to" while presenting, "from" while dismissing.
              local view = presenting and ctx:view("to") or ctx:view("from")
              local small = scrim.Transform.scale(self.scale)

              if presenting then
                container:addSubview(view)
                view.frame = ctx:finalFrame(ctx:viewController("to"))
                view.alpha = 0
                view.transform = small
              else
                -- A full-screen dismissal (or a pop) hands back the view underneath: put it below. Styles
                -- that keep the presenter in the window give nil here, as UIKit does.
                local below = ctx:view("to")
                if below ~= nil then container:insertSubviewBelow(below, view) end
              end

              -- `UIView.animate(withDuration:…)`: each property set inside `animations` animates.
              scrim.animate{
                duration = self.duration,
                curve = "easeInOut",
                animations = function()
                  view.alpha = presenting and 1 or 0
                  view.transform = presenting and scrim.Transform.identity or small
                end,
                completion = function()
                  local completed = not ctx.transitionWasCancelled
                  if completed ~= presenting then
                    -- The view leaves (a dismissal ended, or a presentation was cancelled): it gets its
                    -- look back for the next time it shows.
                    view:removeFromSuperview()
                    view.alpha = 1
                    view.transform = scrim.Transform.identity
                  end
                  ctx:completeTransition(completed)                    -- exactly once
                end,
              }
            end

            return \(cls)

            """
    }
}
