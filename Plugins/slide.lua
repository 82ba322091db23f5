-- slide.lua — a push-style slide with parallax, as a navigation controller pushes and pops.
--
--   presenting  the presented view slides in from the right edge of the container while the
--               presenting view drifts left by 30 % of the container's width;
--   dismissing  the presented view slides out to the right while the presenting view comes back
--               from 30 % on the left.
--
-- Use it:   host.delegate(animator: "slide")                         (full screen)
--           host.delegate(animator: "slide", presentation: "dimming") + the custom style
--           transitioningDelegate = { animator = "slide", options = { parallax = 0.5 } }
-- Options:  duration (default 0.35 s), curve (default "easeInOut"), parallax (the fraction of the
--           container's width the presenting view moves, default 0.3).
--
-- The presenting view is not always the "from" view. For full-screen styles it is: the host hands
-- it to the animator, and takes it out of the window when the presentation completes. For styles
-- that keep it in the window (custom with a presentation controller, over…), `ctx:view("from")` is
-- nil while presenting and `ctx:view("to")` is nil while dismissing (UIKit does the same: it guards
-- against animators that would move the presenter into the container and leave a black screen).
-- The animator can still move it in place: `ctx:viewController("from").view` is the presenting
-- view controller's view, wherever it lives. Then it stays parked on the left while presented,
-- and the dismissal brings it back.

local Slide = {
  duration = 0.35,
  curve = "easeInOut",
  parallax = 0.3,
}

function Slide.new(options)
  return { duration = options.duration, curve = options.curve, parallax = options.parallax }
end

function Slide:transitionDuration(ctx)
  return self.duration
end

function Slide:animateTransition(ctx)
  local containerView = ctx.containerView
  local width = containerView.bounds.width
  local shift = self.parallax * width
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")

  -- The two moving views and their end frames, then one animation for both.
  local presented, presentedFinal, presenter, presenterFinal
  -- What the completion puts back when the presenter's view leaves the window (full screen).
  local presenterRestFrame

  if ctx.isPresenting then
    presented = ctx:view("to")
    presentedFinal = ctx:finalFrame(toVC)
    -- Start just past the right edge of the container, at the final frame's height and size.
    containerView:addSubview(presented)
    presented.frame = presentedFinal:with{ x = width }

    -- The presenter: the "from" view for full-screen styles, else the view controller's view.
    local handedOver = ctx:view("from")
    presenter = handedOver or fromVC.view
    local frame = presenter.frame
    presenterFinal = frame:offsetBy(-shift, 0)
    if handedOver ~= nil then presenterRestFrame = frame end
  else
    presented = ctx:view("from")
    presentedFinal = presented.frame:with{ x = width }

    local handedOver = ctx:view("to")
    if handedOver ~= nil then
      -- Full screen: the host gave the presenting view back. It goes below the dismissed view,
      -- parked on the left, and slides to its final frame.
      presenter = handedOver
      presenterFinal = ctx:finalFrame(toVC)
      containerView:insertSubviewBelow(presenter, presented)
      presenter.frame = presenterFinal:offsetBy(-shift, 0)
      presenterRestFrame = presenterFinal
    else
      -- The presenter stayed in the window, parked on the left: bring it back.
      presenter = toVC.view
      presenterFinal = presenter.frame:offsetBy(shift, 0)
    end
  end

  local presenting = ctx.isPresenting
  scrim.animate{
    duration = self:transitionDuration(ctx),
    curve = self.curve,
    animations = function()
      presented.frame = presentedFinal
      presenter.frame = presenterFinal
    end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      if presenting and not success then presented:removeFromSuperview() end
      if not presenting and success then presented:removeFromSuperview() end
      -- A presenter's view that leaves the window (a completed full-screen presentation, a
      -- cancelled full-screen dismissal) is not left parked off-screen.
      if presenterRestFrame ~= nil and success == presenting then presenter.frame = presenterRestFrame end
      ctx:completeTransition(success)
    end,
  }
end

return Slide
