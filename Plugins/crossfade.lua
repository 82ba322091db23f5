-- crossfade.lua — the incoming view fades in over the outgoing one, which fades out.
--
-- The simplest useful animator, and a good first plugin to read. Like UIKit's `crossDissolve`, but
-- both views fade: the view that appears goes from transparent to its own alpha while the view that
-- leaves goes to transparent.
--
-- Use it:   host.delegate(animator: "crossfade", options: ["duration": .number(0.25)])
--           transitioningDelegate = { animator = "crossfade" }
-- Options:  duration (default 0.3 s), curve (a curve name or {x1, y1, x2, y2}; default "easeInOut").
--
-- Which views exist depends on the presentation style (Docs/Transitions.md, "From and to"): for
-- full-screen styles both do; for styles that keep the presenting view in the window (custom,
-- over…) there is no "from" view while presenting and no "to" view while dismissing — the
-- presenter simply stays where it is, and only the presented view fades.
--
-- Every alpha it changes it gives back: when the transition completes, the view that left the
-- window gets its alpha back (so it is not invisible the next time it appears); when it is
-- cancelled, the host puts back what the animation touched and the animator restores the alpha it
-- set by hand before animating.

local Crossfade = {
  duration = 0.3,
  curve = "easeInOut",
}

function Crossfade.new(options)
  return { duration = options.duration, curve = options.curve }
end

function Crossfade:transitionDuration(ctx)
  return self.duration
end

function Crossfade:animateTransition(ctx)
  local containerView = ctx.containerView
  local presenting = ctx.isPresenting
  local incoming = ctx:view("to")     -- nil when dismissing a presentation that kept its presenter
  local outgoing = ctx:view("from")   -- nil when presenting with a style that keeps the presenter

  -- Remember the alphas the views have now: they fade to (and are given back) these values.
  local incomingAlpha = incoming ~= nil and incoming.alpha or 1
  local outgoingAlpha = outgoing ~= nil and outgoing.alpha or 1

  if incoming ~= nil then
    -- The incoming view goes in the container (above the presented view when presenting, below the
    -- dismissed one when dismissing), at its final frame, transparent.
    if presenting or outgoing == nil then
      containerView:addSubview(incoming)
    else
      containerView:insertSubviewBelow(incoming, outgoing)
    end
    incoming.frame = ctx:finalFrame(ctx:viewController("to"))
    incoming.alpha = 0
  end

  scrim.animate{
    duration = self:transitionDuration(ctx),
    curve = self.curve,
    animations = function()
      if incoming ~= nil then incoming.alpha = incomingAlpha end
      if outgoing ~= nil then outgoing.alpha = 0 end
    end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      if success then
        if outgoing ~= nil then
          -- A dismissed view leaves the container; a presenter's view leaves the window (the host
          -- takes it out). Either way it gets its alpha back for the next time it shows.
          if not presenting then outgoing:removeFromSuperview() end
          outgoing.alpha = outgoingAlpha
        end
      elseif incoming ~= nil then
        -- Cancelled: the animation is undone by the host; the alpha set by hand is ours to undo.
        if presenting then incoming:removeFromSuperview() end
        incoming.alpha = incomingAlpha
      end
      ctx:completeTransition(success)
    end,
  }
end

return Crossfade
