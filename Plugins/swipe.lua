-- swipe.lua — drive a transition with a vertical pan, finish or cancel on release.
--
-- A port of Listings 10-3 and 10-4 of Apple's "View Controller Programming Guide for iOS"
-- (Customizing the Transition Animations): a percent-driven interactive transition fed by a pan
-- gesture recognizer in the container view. Its Swift twin is SwipeInteractionController
-- (Tests/ScrimTestSupport); the tests send both the same pan events and compare the frames.
--
-- Use it with any animator; the animator does not know it is being driven:
--   host.delegate(animator: "diagonal", interaction: "swipe")
--   transitioningDelegate = { animator = "diagonal", interaction = "swipe" }
-- then present or dismiss, and send pan events (`window.sendPan`, `scrim/input`) once the
-- transition has begun (on the tick after the call). Note that a delegate made this way vends the
-- interaction for every animated transition, presentations included: each one waits for a pan.
-- Options: finishThreshold (default 0.5): a pan released at or past this fraction finishes the
-- transition, one released before it (or cancelled) cancels it.
--
-- From Objective-C/Swift to Lua:
--   * Listing 10-3 subclasses UIPercentDrivenInteractiveTransition. Here `percentDriven = true`
--     says the same: the instance inherits the host's percent driver — `self:updateInteractiveTransition(p)`,
--     `self:finishInteractiveTransition()`, `self:cancelInteractiveTransition()`,
--     `self:pauseInteractiveTransition()` (UIKit's update/finish/cancel/pause) and the fields
--     `self.percentComplete`, `self.duration`, `self.completionSpeed`, `self.completionCurve`;
--   * the listing's `startInteractiveTransition` calls super (which starts the animator, paused),
--     keeps the context and adds a pan recognizer to the container. The host does all of that
--     for a plugin that defines `handleGesture(gesture)`: it runs the percent driver's
--     `startInteractiveTransition`, attaches a pan recognizer to the container whose action calls
--     `handleGesture`, and removes it when the pan ends or is cancelled. So this file only writes
--     the listing's action method. (A plugin that needs more can define its own
--     `startInteractiveTransition(ctx)`, which runs after the host's, and make its own recognizers
--     with `scrim.PanGestureRecognizer.new{ action = …, maximumNumberOfTouches = 1 }` — see sheet.lua.)

local Swipe = {
  percentDriven = true,
  finishThreshold = 0.5,
}

function Swipe.new(options)
  return { finishThreshold = options.finishThreshold }
end

-- Listing 10-4, handleSwipeUpdate:. `gesture.view` is the container view the host attached the
-- recognizer to (the listing reads it from the saved context: `contextData.containerView`).
function Swipe:handleGesture(gesture)
  local container = gesture.view
  if container == nil then return end
  local state = gesture.state

  if state == "began" then
    -- Reset the translation value at the beginning of the gesture.
    gesture:setTranslation(scrim.Point(0, 0), container)

  elseif state == "changed" then
    -- How far the gesture has travelled vertically, relative to the container's height, in either
    -- direction. The host clamps the percentage to 0…1.
    local translation = gesture:translationInView(container)
    local percentage = math.abs(translation.y / container.bounds.height)
    self:updateInteractiveTransition(percentage)

  elseif state == "ended" or state == "cancelled" or state == "failed" then
    -- Released far enough: finish (the rest runs in (1 − p) × duration, ease-in-out). Otherwise,
    -- or when the pan was cancelled: go back (p × duration); the host puts back everything the
    -- animations touched. The decision uses the last "changed" value, as the listing does.
    if state == "ended" and self.percentComplete >= self.finishThreshold then
      self:finishInteractiveTransition()
    else
      self:cancelInteractiveTransition()
    end
    -- (The host removes its recognizer from the container after this call.)
  end
end

return Swipe
