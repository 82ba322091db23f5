-- pop.lua — the recipe card "pops" open into the details screen, with a spring.
--
-- A port of PopAnimator from the Kodeco (Ray Wenderlich) tutorial "iOS Animation Tutorial:
-- Custom View Controller Presentation Transitions". Its Swift twin is PopAnimator
-- (Tests/ScrimTestSupport); the tests check that both produce the same frames and corner radii.
--
-- What you see:
--   presenting  the details view starts exactly over the tapped card (scaled down to it, with the
--               card's rounded corners) and springs out to its final frame as its corners square;
--   dismissing  it springs back into the card's frame and its corners round again.
-- The spring (damping 0.5, initial velocity 0.2, 0.8 s — the tutorial's values) overshoots, so the
-- frame briefly grows past its target: that is the "pop".
--
-- Use it:   host.delegate(animator: "pop", options: ["originFrame": .rect(cardFrame)])
--           transitioningDelegate = { animator = "pop", options = { sourceViewId = "card1" } }
-- Options:
--   originFrame   the card's frame in window coordinates (the tutorial's `originFrame`);
--   sourceViewId  the id of the card view, instead of originFrame: the animator finds it in the
--                 presenting view controller's view, takes its frame in window coordinates, hides
--                 it while the details are shown and shows it again after the dismissal (what the
--                 tutorial's home view controller does with `selectedImage`);
--   duration      seconds (default 0.8, the tutorial's `duration`);
--   damping       the spring's damping ratio, 0 < damping ≤ 1 (default 0.5);
--   velocity      the spring's initial velocity (default 0.2);
--   cornerRadius  the card's corner radius the details start from and end at (default 20).
--
-- dismissCompletion. The tutorial's animator has a `dismissCompletion` closure that the home view
-- controller sets to un-hide the card. Lua options cannot carry functions across the host, so here
-- it is a *method*: `Pop:dismissCompletion(ctx)` runs once, after a dismissal that completed (not
-- after a cancelled one — the tutorial runs it either way), just before `completeTransition`.
-- The default shows the source view again and logs one line ("dismissed back to Rect(…)") to the
-- host's log. To do more, subclass the animator in your own plugin file:
--
--   local Pop = require("pop")
--   local MyPop = setmetatable({}, { __index = Pop })
--   function MyPop:dismissCompletion(ctx)
--     Pop.dismissCompletion(self, ctx)      -- "super"
--     scrim.log("card is back")
--   end
--   return MyPop
--
-- A cancelled presentation shows the source view again too (the tutorial leaves it hidden).

local Pop = {
  duration = 0.8,      -- the tutorial's `duration` (its appendix's 8.0 is a typo)
  damping = 0.5,       -- usingSpringWithDamping:
  velocity = 0.2,      -- initialSpringVelocity:
  cornerRadius = 20,   -- the card's corner radius
}

-- One instance per transition, made with the delegate's options; an option left out falls back
-- to the class's value above (the instance's metatable reads the class).
function Pop.new(options)
  return {
    originFrame = options.originFrame or scrim.Rect(0, 0, 0, 0),
    sourceViewId = options.sourceViewId,
    duration = options.duration,
    damping = options.damping,
    velocity = options.velocity,
    cornerRadius = options.cornerRadius,
  }
end

function Pop:transitionDuration(ctx)
  return self.duration
end

-- The view with `id` in the tree under `view` (depth first), or nil.
local function findView(view, id)
  if view.id == id then return view end
  for _, subview in ipairs(view.subviews) do
    local found = findView(subview, id)
    if found ~= nil then return found end
  end
  return nil
end

-- The card view named by the `sourceViewId` option, looked up in the presenting view controller's
-- view ("from" while presenting, "to" while dismissing), or nil.
function Pop:sourceView(ctx)
  if self.sourceViewId == nil then return nil end
  local presentingVC = ctx:viewController(ctx.isPresenting and "from" or "to")
  return findView(presentingVC.view, self.sourceViewId)
end

-- Runs once after a completed dismissal (see the header).
function Pop:dismissCompletion(ctx)
  local source = self:sourceView(ctx)
  if source ~= nil then source.isHidden = false end
  scrim.log("dismissed back to " .. tostring(self.originFrame))
end

function Pop:animateTransition(ctx)
  local containerView = ctx.containerView
  local presenting = ctx.isPresenting
  local toView = ctx:view("to")

  -- The card: its frame in window coordinates is where the pop starts (and the dismissal ends).
  local source = self:sourceView(ctx)
  if source ~= nil then
    self.originFrame = source:convertRect(source.bounds, nil)   -- nil: the window's coordinates
    if presenting then source.isHidden = true end
  end

  -- The "recipe view" is the details view: "to" when presenting, "from" when dismissing.
  local recipeView
  if presenting then recipeView = toView else recipeView = ctx:view("from") end

  -- Where it starts and where it ends. Presenting: from the card to the final frame the
  -- presentation gives the details (its frame right now). Dismissing: from its current frame back
  -- to the card.
  local initialFrame, finalFrame
  if presenting then
    initialFrame = self.originFrame
    finalFrame = ctx:finalFrame(ctx:viewController("to"))
  else
    initialFrame = recipeView.frame
    finalFrame = self.originFrame
  end

  -- The scale that shrinks the large frame to the small one, per axis.
  local xScaleFactor, yScaleFactor
  if presenting then
    xScaleFactor = initialFrame.width / finalFrame.width
    yScaleFactor = initialFrame.height / finalFrame.height
  else
    xScaleFactor = finalFrame.width / initialFrame.width
    yScaleFactor = finalFrame.height / initialFrame.height
  end
  local scaleTransform = scrim.Transform.scale(xScaleFactor, yScaleFactor)

  -- Presenting: put the details exactly over the card (scaled down, centred on it), clipped, with
  -- the card's rounded corners. These assignments are outside an animation block: they apply now.
  if presenting then
    recipeView.transform = scaleTransform
    recipeView.center = scrim.Point(initialFrame.midX, initialFrame.midY)
    recipeView.clipsToBounds = true
  end
  recipeView.cornerRadius = presenting and self.cornerRadius or 0

  -- The "to" view (when the context has one) goes in the container; the recipe view on top.
  if toView ~= nil then containerView:addSubview(toView) end
  containerView:bringSubviewToFront(recipeView)

  -- The spring: `damping` and `velocity` are UIKit's usingSpringWithDamping: and
  -- initialSpringVelocity:. Transform, center and corner radius all follow it (so the frame, the
  -- bounding box of the transformed view, moves straight from one rectangle to the other).
  scrim.animate{
    duration = self.duration,
    delay = 0,
    damping = self.damping,
    velocity = self.velocity,
    animations = function()
      recipeView.transform = presenting and scrim.Transform.identity or scaleTransform
      recipeView.center = scrim.Point(finalFrame.midX, finalFrame.midY)
      recipeView.cornerRadius = presenting and 0 or self.cornerRadius
    end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      if not presenting and success then self:dismissCompletion(ctx) end
      if presenting and not success and source ~= nil then source.isHidden = false end
      ctx:completeTransition(success)
    end,
  }
end

return Pop
