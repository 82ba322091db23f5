-- sheet.lua — a bottom sheet: the presented view covers the bottom half of the container over a
-- dimmed background, rises from the bottom edge, and is dismissed by dragging it down. Dragged up,
-- it resists and springs back (a rubber band at the top).
--
-- One file, four roles — a plugin plays every role whose methods it defines, the way the
-- tutorial's home view controller is its own transitioning delegate (Docs/LuaAPI.md, "Plugins"):
--   presentation  a subclass of dimming.lua (require + __index, as `class Sheet: Dimming`) that
--                 puts the presented view on the bottom half and rounds its corners;
--   animator      slides the sheet up from below the bottom edge, and back down;
--   interaction   percent-driven, fed by its own pan recognizer: drives the dismissal;
--   delegate      vends the three above (the interaction for dismissals only).
--
-- Wiring it (Swift):
--   details.modalPresentationStyle = .custom
--   details.transitioningDelegate = try host.delegate(named: "sheet")
--   try home.present(details, animated: true)       // rises, not interactive
--   …
--   try details.dismiss(animated: true)             // the dismissal waits for the user's drag:
--   window.sendPan(.began / .changed / .ended …)    //   send the drag once it has begun (next tick)
-- Over the protocol: scrim/present { presented, modalPresentationStyle = "custom",
-- transitioningDelegate = "sheet" }, then scrim/dismiss and scrim/input pans.
--
-- As in UIKit, the app starts the dismissal (there, a sheet's own pan handler calls `dismiss`; a
-- Lua plugin cannot dismiss a view controller yet) and the interaction controller follows the drag:
--   * dragging down moves the sheet with the finger (the dismissal runs linearly while it is
--     interactive, so a drag of d points moves the sheet d points);
--   * released at or past `finishThreshold` of its travel (default 0.3), or flicked down faster than
--     `flickVelocity` (1000 pt/s), the sheet goes; released before, it snaps back and the dismissal
--     is cancelled (both with `completionCurve`, ease-out);
--   * dragged up, the transition stays at 0 and the sheet follows the finger with UIKit's rubber-band
--     resistance — offset = (1 − 1 / (x·c / d + 1))·d for a drag of x points, c = 0.55, d = the
--     sheet's height — applied as a transform; released, it springs back.
-- For a dismissal without a drag (a close button), use a delegate without the interaction:
--   host.delegate(named: "sheet", options: ["dragToDismiss": .bool(false)])
--   host.delegate(animator: "sheet", presentation: "sheet")
-- (With `host.delegate(animator: "sheet", interaction: "sheet", presentation: "sheet")` the
-- interaction is vended for presentations too: it then finishes at once, the sheet just rises.)
--
-- Options (every role gets the same): heightFraction (0.5), duration (0.35 s), curve ("easeInOut",
-- the non-interactive curve), finishThreshold (0.3), flickVelocity (1000), cornerRadius (16),
-- dragToDismiss (true).

local Dimming = require("dimming")

local Sheet = setmetatable({
  -- Presentation.
  heightFraction = 0.5,   -- of the container's height
  cornerRadius = 16,
  dimmedAlpha = 0.3,      -- overrides Dimming's 0.4
  -- Animator.
  duration = 0.35,
  curve = "easeInOut",
  -- Interaction: a subclass of the host's percent driver, whose finish/cancel ease out.
  percentDriven = true,
  completionCurve = "easeOut",
  finishThreshold = 0.3,
  flickVelocity = 1000,
  rubberBandConstant = 0.55,
  springBackDuration = 0.4,
  dragToDismiss = true,
}, { __index = Dimming })

function Sheet.new(options)
  return {
    options = options,
    heightFraction = options.heightFraction,
    duration = options.duration,
    curve = options.curve,
    finishThreshold = options.finishThreshold,
    flickVelocity = options.flickVelocity,
    cornerRadius = options.cornerRadius,
    dragToDismiss = options.dragToDismiss,
  }
end

-- MARK: Delegate -------------------------------------------------------------------------------
-- Each method returns the plugin to vend. `scrim.plugin(name, options)` passes this delegate's
-- options on (a bare name would make the role with no options). The name is this file's: rename
-- both together.

function Sheet:presentationControllerForPresented(presented, presenting, source)
  return scrim.plugin("sheet", self.options)
end

function Sheet:animationControllerForPresented(presented, presenting, source)
  return scrim.plugin("sheet", self.options)
end

function Sheet:animationControllerForDismissed(dismissed)
  return scrim.plugin("sheet", self.options)
end

function Sheet:interactionControllerForDismissal(animator)
  if self.dragToDismiss == false then return nil end
  return scrim.plugin("sheet", self.options)
end

-- MARK: Presentation controller ----------------------------------------------------------------

-- The bottom `heightFraction` of the container, full width.
function Sheet:frameOfPresentedViewInContainerView()
  local containerView = self.containerView
  if containerView == nil then return scrim.Rect(0, 0, 0, 0) end
  local bounds = containerView.bounds
  local height = bounds.height * self.heightFraction
  return scrim.Rect(0, bounds.height - height, bounds.width, height)
end

-- Calls Dimming's version first ("super"), then rounds the sheet's corners (given back when the
-- sheet goes away).
function Sheet:presentationTransitionWillBegin()
  Dimming.presentationTransitionWillBegin(self)
  local view = self.presentedViewController.view
  self.savedCornerRadius = view.cornerRadius
  view.cornerRadius = self.cornerRadius
end

function Sheet:restoreCornerRadius()
  if self.savedCornerRadius ~= nil then
    self.presentedViewController.view.cornerRadius = self.savedCornerRadius
  end
end

function Sheet:presentationTransitionDidEnd(completed)
  Dimming.presentationTransitionDidEnd(self, completed)
  if not completed then self:restoreCornerRadius() end
end

function Sheet:dismissalTransitionDidEnd(completed)
  Dimming.dismissalTransitionDidEnd(self, completed)
  if completed then self:restoreCornerRadius() end
end

-- MARK: Animator -------------------------------------------------------------------------------

function Sheet:transitionDuration(ctx)
  return self.duration
end

function Sheet:animateTransition(ctx)
  local containerView = ctx.containerView
  local bottom = containerView.bounds.height
  local sheet, final
  if ctx.isPresenting then
    -- Rise from just below the bottom edge to the frame the presentation controller gives.
    sheet = ctx:view("to")
    final = ctx:finalFrame(ctx:viewController("to"))
    containerView:addSubview(sheet)
    sheet.frame = final:with{ y = bottom }
  else
    -- Sink from where it was when the dismissal began to just below the bottom edge.
    sheet = ctx:view("from")
    final = ctx:initialFrame(ctx:viewController("from")):with{ y = bottom }
  end
  local presenting = ctx.isPresenting
  scrim.animate{
    duration = self:transitionDuration(ctx),
    -- Driven by a finger, the motion must be linear to follow it; otherwise, ease.
    curve = ctx.isInteractive and "linear" or self.curve,
    animations = function() sheet.frame = final end,
    completion = function(finished)
      local success = not ctx.transitionWasCancelled
      if presenting ~= success then sheet:removeFromSuperview() end   -- a cancelled presentation, a dismissal
      ctx:completeTransition(success)
    end,
  }
end

-- MARK: Interaction ----------------------------------------------------------------------------

-- The rubber band: how far the sheet moves for a drag of `x` points past its limit.
local function rubberBand(x, dimension, constant)
  return (1 - 1 / (x * constant / dimension + 1)) * dimension
end

-- Runs after the host's percent driver started the animator paused at 0 (`super`).
function Sheet:startInteractiveTransition(ctx)
  if ctx.isPresenting then
    -- Only dismissals are dragged: a presentation runs to its end at once.
    self:finishInteractiveTransition()
    return
  end
  -- The distance the sheet travels: from its top to the bottom edge.
  local start = ctx:initialFrame(ctx:viewController("from"))
  self.sheetView = ctx:view("from")
  self.travel = ctx.containerView.bounds.height - start.y

  -- Our own recognizer (a plugin defining `handleGesture` gets one from the host instead): it
  -- lives on the container for this dismissal only, and goes when the pan ends or, whatever
  -- happens, when the transition ends.
  local container = ctx.containerView
  local pan = scrim.PanGestureRecognizer.new{
    maximumNumberOfTouches = 1,
    action = function(gesture) self:handleDrag(gesture) end,
  }
  container:addGestureRecognizer(pan)
  local coordinator = ctx:viewController("from").transitionCoordinator
  if coordinator ~= nil then
    coordinator:animateAlongsideTransition(nil, function() container:removeGestureRecognizer(pan) end)
  end
end

function Sheet:handleDrag(gesture)
  local container, sheet = gesture.view, self.sheetView
  if container == nil or sheet == nil then return end
  local state = gesture.state

  if state == "began" then
    gesture:setTranslation(scrim.Point(0, 0), container)

  elseif state == "changed" then
    local dy = gesture:translationInView(container).y
    if dy >= 0 then
      -- Down: the dismissal follows the finger.
      if not sheet.transform:isIdentity() then sheet.transform = scrim.Transform.identity end
      self:updateInteractiveTransition(dy / self.travel)
    else
      -- Up: nothing to dismiss; the sheet stretches with resistance. A transform leaves the frame
      -- animation of the (paused) dismissal alone.
      self:updateInteractiveTransition(0)
      sheet.transform = scrim.Transform.translation(0, -rubberBand(-dy, self.travel, self.rubberBandConstant))
    end

  else -- "ended", "cancelled", "failed"
    if not sheet.transform:isIdentity() then
      -- Spring back from the rubber band (on the clock: not part of the transition).
      scrim.animate{
        duration = self.springBackDuration, damping = 0.8,
        animations = function() sheet.transform = scrim.Transform.identity end,
      }
    end
    local velocity = gesture:velocityInView(container).y
    if state == "ended" and (self.percentComplete >= self.finishThreshold or velocity >= self.flickVelocity) then
      self:finishInteractiveTransition()
    else
      self:cancelInteractiveTransition()
    end
    container:removeGestureRecognizer(gesture)
  end
end

return Sheet
