/// The Lua file `scrim new segue NAME` writes: a custom segue class that presents its destination
/// and grows it out of the tapped view (Docs/LuaAPI.md, Docs/Segues.md).
///
/// Not `SegueTemplate`: ScrimCore has a type of that name (a storyboard's segue declaration).
enum SeguePluginTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — a custom segue: it presents its destination and grows it out of the view that
            -- was tapped, from that view's frame and corners to its own full frame.
            --
            -- In UIKit this is a UIStoryboardSegue subclass whose `perform()` shows the destination
            -- itself. Defining `perform(segue)` is what makes this file one (Docs/LuaAPI.md,
            -- Docs/Segues.md). A storyboard names it as a custom segue's class; in Scrim a scene does, with
            -- a segue `"kind": "custom", "segueClass": "\(file)"`, as \(file).scene.json beside this file.
            --
            -- Play it:  scrim run \(file).lua --scene \(file).scene.json --segue open --tap card
            --           scrim preview --serve \(file).lua --scene \(file).scene.json --segue open --tap card
            -- Check it: scrim check \(file).lua

            ---@class \(cls): scrim.SegueClass
            local \(cls) = {
              duration = 0.4,
            }

            ---`perform()`: show `segue.destination` (a new instance, as a storyboard makes it) — present
            ---it, or push it on `segue.source.navigationController` — and animate it if you like.
            ---@param segue scrim.Segue
            function \(cls):perform(segue)
              local source, destination, trigger = segue.source, segue.destination, segue.sender
              local duration = self.duration
              -- Present without UIKit's animation; the completion runs once the destination is shown.
              source:present(destination, false, function(completed)
                if not completed then return end
                local view = destination.view
                local final, clips = view.frame, view.clipsToBounds
                -- Start at the tapped view (in the coordinates of the destination's superview), or at the
                -- center when the segue ran from code, with no sender.
                local start = scrim.Rect(final.midX, final.midY, 0, 0)
                if trigger ~= nil and trigger.superview ~= nil then
                  start = trigger:convertRect(trigger.bounds, view.superview)
                end
                view.frame = start
                view.cornerRadius = trigger ~= nil and trigger.cornerRadius or 0
                view.clipsToBounds = true
                scrim.animate{
                  duration = duration,
                  curve = "easeInOut",
                  animations = function()
                    view.frame = final
                    view.cornerRadius = 0
                  end,
                  completion = function() view.clipsToBounds = clips end,
                }
              end)
            end

            return \(cls)

            """
    }
}
