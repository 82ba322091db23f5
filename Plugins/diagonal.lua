-- diagonal.lua — present from the lower-right corner, dismiss back to it.
--
-- A port of Listing 10-2 of Apple's "View Controller Programming Guide for iOS" (Customizing the
-- Transition Animations), step by step, for anyone who has written the Objective-C or Swift
-- version. The Swift twin of this file is DiagonalAnimator (Tests/ScrimTestSupport); the tests
-- check that both produce the same frames, frame by frame.
--
-- What you see:
--   presenting  the new view grows out of a zero-size rectangle at the container's lower-right
--               corner into its final frame;
--   dismissing  the view keeps its size and slides out through the lower-right corner.
--
-- Use it:   host.delegate(animator: "diagonal")                         (Swift, Docs/Embedding.md)
--           transitioningDelegate = { animator = "diagonal" }           (scrim/present)
-- Options:  duration (seconds, default 0.5).
--
-- From Objective-C/Swift to Lua, in short:
--   * the file returns a table: the plugin's *class*. Defining `animateTransition` makes it an
--     animator, as adopting UIViewControllerAnimatedTransitioning does;
--   * methods take `self` first: `function Diagonal:animateTransition(ctx)` is
--     `func animateTransition(using transitionContext:)`;
--   * the listing's `presenting` property, which the delegate sets on the animator, is not needed:
--     the context says which way we go (`ctx.isPresenting`);
--   * `ctx:view("to")` is `view(forKey: .to)`, `ctx:viewController("from")` is
--     `viewController(forKey: .from)`, `ctx:finalFrame(vc)` is `finalFrame(for:)`.

local Diagonal = {
  -- The default duration, UIKit's `transitionDuration(using:)` answer.
  duration = 0.5,
}

-- One instance per transition (Docs/LuaAPI.md, "Instances and `new(options)`"): the host calls
-- `new` with the options the delegate was made with. Fields left nil fall back to the class (its
-- metatable's __index), so an instance made without options uses `Diagonal.duration`.
function Diagonal.new(options)
  return { duration = options.duration }
end

-- transitionDuration(using:)
function Diagonal:transitionDuration(ctx)
  return self.duration
end

-- animateTransition(using:)
function Diagonal:animateTransition(ctx)
  -- Get the set of relevant objects.
  local containerView = ctx.containerView
  local fromVC = ctx:viewController("from")
  local toVC = ctx:viewController("to")
  -- Either view may be nil (Docs/Transitions.md, "From and to"): when the style keeps the presenting
  -- view in the window (custom, over…), "from" is nil while presenting and "to" while dismissing.
  local toView = ctx:view("to")
  local fromView = ctx:view("from")
  local presenting = ctx.isPresenting

  -- Set up some variables for the animation. Geometry values are plain tables that behave like
  -- Swift structs: `ctx:initialFrame(toVC)` returns a fresh copy we may change freely.
  local containerFrame = containerView.frame
  local toViewStartFrame = ctx:initialFrame(toVC)   -- (0, 0, 0, 0) for a presented view, as UIKit
  local toViewFinalFrame = ctx:finalFrame(toVC)
  local fromViewFinalFrame = ctx:finalFrame(fromVC)

  if presenting then
    -- Start offscreen at the lower-right corner of the container (a zero-size rectangle there).
    toViewStartFrame.x = containerFrame.width
    toViewStartFrame.y = containerFrame.height
  elseif fromView ~= nil then
    -- End in the lower-right corner, keeping the dismissed view's size. (The listing uses the
    -- "to" view's size here; for custom presentations there is no "to" view, and in the
    -- full-screen case both sizes are equal.)
    local size = fromView.frame
    fromViewFinalFrame = scrim.Rect(containerFrame.width, containerFrame.height, size.width, size.height)
  end

  -- Put the "to" view in the container. Frames set here, outside an animation block, apply at once.
  if toView ~= nil then
    if presenting then
      containerView:addSubview(toView)
      toView.frame = toViewStartFrame
    else
      -- Dismissing a full-screen presentation: the presenting view goes back *below* the
      -- dismissed one, already at its final frame. (The listing adds it on top.)
      if fromView ~= nil then
        containerView:insertSubviewBelow(toView, fromView)
      else
        containerView:addSubview(toView)
      end
      toView.frame = toViewFinalFrame
    end
  end

  -- Animate. `scrim.animate` is `UIView.animate(withDuration:animations:completion:)`; with no
  -- `curve` it uses UIKit's default, ease-in-out. Every property set inside `animations` animates
  -- from what is on screen now to the new value.
  scrim.animate{
    duration = self:transitionDuration(ctx),
    animations = function()
      if presenting then
        if toView ~= nil then toView.frame = toViewFinalFrame end        -- move the presented view into position
      else
        if fromView ~= nil then fromView.frame = fromViewFinalFrame end  -- move the dismissed view offscreen
      end
    end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      -- After a failed presentation or a successful dismissal, remove the view.
      if presenting and not success and toView ~= nil then toView:removeFromSuperview() end
      if not presenting and success and fromView ~= nil then fromView:removeFromSuperview() end
      -- Always tell the context, exactly once. (The host restores whatever the animation touched
      -- when the transition was cancelled.)
      ctx:completeTransition(success)
    end,
  }
end

return Diagonal
