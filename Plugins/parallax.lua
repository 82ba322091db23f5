-- parallax.lua — a navigation controller's push and pop with depth, and an edge swipe to pop.
--
-- What you see:
--   push  the new screen slides in from the right edge over the old one, which drifts left by
--         30 % of the width and darkens under a black dimming view (alpha 0 → 0.2);
--   pop   the reverse: the top screen slides out to the right, uncovering the one below, which
--         comes back from the left and brightens;
--   swipe a pan that begins within 20 pt of the navigation controller's left edge pops
--         interactively: the top screen follows the finger (percent = horizontal travel / width),
--         and on release the pop finishes when past half way or flicked faster than 500 pt/s to
--         the right, else everything goes back.
-- Its Swift twin is ParallaxTransition (Tests/ScrimTestSupport); the tests give both the same
-- pushes, pops and swipes and compare the frames.
--
-- One file, three roles, as a UIKit app often does it (one object is the navigation controller's
-- delegate, its animator and its interaction controller):
--   delegate     `animationControllerForOperation` vends a parallax animator for every push and
--                pop; `interactionControllerForNavigation` vends a parallax interaction only for
--                a pop the edge swipe began (UIKit apps check the same thing:
--                `interactivePopGestureRecognizer.state == .began`), so pops from code animate;
--   animator     `transitionDuration` and `animateTransition` (a push or pop, from `ctx.operation`;
--                a presentation plays as a push, its dismissal as a pop);
--   interaction  `percentDriven = true` and `handleGesture`: the host hands the rest of the edge
--                swipe that began the pop to `handleGesture` (in UIKit: adding a target to the
--                navigation controller's `interactivePopGestureRecognizer`).
--
-- Use it:   a navigation controller's delegate: in a scene, `{ "kind": "navigation", …,
--           "delegate": "parallax" }`; from the CLI, `scrim run Plugins/parallax.lua --push --dismiss`;
--           as an animator only: `host.delegate(animator: "parallax")`.
-- Options:  duration (default 0.35 s), curve (default "easeInOut"), parallax (the fraction of the
--           width the view underneath moves, default 0.3), dimming (the dimming view's alpha at full
--           depth, default 0.2), finishThreshold (0.5) and finishVelocity (500 pt/s): the release
--           rule of the swipe.

local Parallax = {
  duration = 0.35,
  curve = "easeInOut",
  parallax = 0.3,
  dimming = 0.2,
  finishThreshold = 0.5,
  finishVelocity = 500,
  percentDriven = true,
}

local settingNames = { "duration", "curve", "parallax", "dimming", "finishThreshold", "finishVelocity" }

function Parallax.new(options)
  local instance = {}
  for _, name in ipairs(settingNames) do instance[name] = options[name] end
  return instance
end

-- This instance's settings, for the animators and interactions it vends.
function Parallax:settings()
  local settings = {}
  for _, name in ipairs(settingNames) do settings[name] = self[name] end
  return settings
end

-- MARK: The navigation controller's delegate

function Parallax:animationControllerForOperation(operation, from, to)
  -- A pop is the edge swipe's when the navigation controller's recognizer is still under the
  -- finger as the pop starts (the swipe began it on the tick before).
  local swipe = from.navigationController and from.navigationController.interactivePopGestureRecognizer
  self.swiping = operation == "pop" and swipe ~= nil and (swipe.state == "began" or swipe.state == "changed")
  return scrim.plugin("parallax", self:settings())
end

function Parallax:interactionControllerForNavigation(animator)
  if not self.swiping then return nil end
  return scrim.plugin("parallax", self:settings())
end

-- MARK: The animator

function Parallax:transitionDuration(ctx)
  return self.duration
end

function Parallax:animateTransition(ctx)
  local container = ctx.containerView
  local width = container.bounds.width
  local pushing = ctx.operation == "push" or (ctx.operation == "none" and ctx.isPresenting)
  local fromView, toView = ctx:view("from"), ctx:view("to")
  -- The view on top crosses the whole width; the one underneath (nil when a presentation keeps
  -- the presenter's view out of the container) moves by parallax × width, under the dimming view.
  local top = pushing and toView or fromView
  local below = pushing and fromView or toView
  local content = pushing and ctx:finalFrame(ctx:viewController("to")) or top.frame
  local aside = content:offsetBy(width, 0)
  local behind = content:offsetBy(-self.parallax * width, 0)

  if pushing then
    container:addSubview(top)
    top.frame = aside
  elseif below ~= nil then
    container:insertSubviewBelow(below, top)
    below.frame = behind
  end
  local dimmingView = scrim.View.new{
    id = "parallax.dimming",
    frame = container.bounds,
    backgroundColor = scrim.Color.black,
    alpha = pushing and 0 or self.dimming,
  }
  container:insertSubviewBelow(dimmingView, top)

  scrim.animate{
    duration = self:transitionDuration(ctx),
    curve = self.curve,
    animations = function()
      top.frame = pushing and content or aside
      if below ~= nil then below.frame = pushing and behind or content end
      dimmingView.alpha = pushing and self.dimming or 0
    end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      dimmingView:removeFromSuperview()
      -- The view on top leaves when a pop completes or a push is cancelled (a navigation
      -- controller takes it out of the window then anyway; a presentation's dismissal needs it).
      if success ~= pushing then top:removeFromSuperview() end
      ctx:completeTransition(success)
    end,
  }
end

-- MARK: The interaction

-- The edge swipe's events after the one that began the pop. `gesture.view` is the navigation
-- controller's view.
function Parallax:handleGesture(gesture)
  local view = gesture.view
  if view == nil or view.bounds.width <= 0 then return end
  local percent = gesture:translationInView(view).x / view.bounds.width
  local state = gesture.state
  if state == "began" or state == "changed" then
    -- The host clamps the percentage to 0…1.
    self:updateInteractiveTransition(percent)
  elseif state == "ended"
      and (percent > self.finishThreshold or gesture:velocityInView(view).x > self.finishVelocity) then
    self:finishInteractiveTransition()
  else
    self:cancelInteractiveTransition()
  end
end

return Parallax
