-- zoomsegue.lua — a custom segue that zooms its destination out of the view that triggered it.
--
-- What you see: tap a card, and the new screen grows out of the card — from the card's frame and
-- corner radius to its own full frame with square corners — while the screen below stays put.
--
-- A custom segue class (the segue role: a plugin that defines `perform(segue)`), in the way of
-- Listing 9-2 of Apple's guide ("Add your own animation code here"): `perform` presents the
-- destination without UIKit's animation and animates its view itself. The presentation commits on
-- the next tick; its completion puts the destination's view at the trigger's frame and animates
-- it to where the presentation put it. Without a trigger view (a segue run from code with no
-- sender) the view grows from the center of the source's view.
--
-- Use it:   in a scene, a segue { "identifier": "zoom", "kind": "custom", "segueClass": "zoomsegue",
--           "destination": "details", "trigger": "card1" }; then tap the card
--           (`scrim/input` type "tap", `scrim run --segue zoom --tap card1`) or run the segue
--           (`scrim/performSegue`, `vc:performSegue("zoom")`).
-- Options:  duration (default 0.45 s), curve (default "easeInOut"), cornerRadius (the radius the
--           destination starts with when the trigger has none, default 0).

local Zoom = {
  duration = 0.45,
  curve = "easeInOut",
  cornerRadius = 0,
}

function Zoom.new(options)
  return { duration = options.duration, curve = options.curve, cornerRadius = options.cornerRadius }
end

function Zoom:perform(segue)
  local trigger = segue.sender
  local source, destination = segue.source, segue.destination
  local duration, curve = self.duration, self.curve
  local startRadius = trigger ~= nil and trigger.cornerRadius or self.cornerRadius

  source:present(destination, false, function(completed)
    if not completed then return end
    local view = destination.view
    local container = view.superview
    local final = view.frame
    local start
    if trigger ~= nil and trigger.superview ~= nil then
      start = trigger:convertRect(trigger.bounds, container)
    else
      local center = source.view:convertPoint(scrim.Point(source.view.bounds.width / 2, source.view.bounds.height / 2), container)
      start = scrim.Rect(center.x, center.y, 0, 0)
    end
    local clips = view.clipsToBounds
    view.clipsToBounds = true
    view.frame = start
    view.cornerRadius = startRadius
    scrim.animate{
      duration = duration,
      curve = curve,
      animations = function()
        view.frame = final
        view.cornerRadius = 0
      end,
      completion = function()
        view.clipsToBounds = clips
      end,
    }
  end)
end

return Zoom
