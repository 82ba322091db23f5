-- dimming.lua — a custom presentation: the presented view on the right half, over a dimmed
-- background that fades in and out with the transition.
--
-- A port of Listings 11-1 to 11-5 of Apple's "View Controller Programming Guide for iOS"
-- (Creating Custom Presentations). Its Swift twin is DimmingPresentationController
-- (Tests/ScrimTestSupport); the tests compare both, the dimming view included.
--
-- Use it with the `custom` style and any animator:
--   details.modalPresentationStyle = .custom
--   details.transitioningDelegate = host.delegate(animator: "diagonal", presentation: "dimming")
--   scrim/present { presented, modalPresentationStyle = "custom",
--                   transitioningDelegate = { animator = "diagonal", presentation = "dimming" } }
--
-- From Objective-C/Swift to Lua:
--   * defining `presentationTransitionWillBegin` (or `frameOfPresentedViewInContainerView`) makes
--     the plugin a presentation controller, as subclassing UIPresentationController does;
--   * what UIPresentationController gives a subclass is inherited: `self.containerView`,
--     `self.presentedViewController`, `self.presentingViewController`;
--   * one instance serves one presentation, from its presentation to its dismissal, so what it
--     keeps on `self` (the dimming view) is there for the dismissal;
--   * `coord:animateAlongsideTransition(fn)` is `animate(alongsideTransition:completion:)`: `fn` runs
--     in an animation block with the transition's duration and curve (and is driven with it when
--     the transition is interactive).
--
-- Exactly as the Swift twin: the dimming view (id "<presented id>.dimming") is black and opaque,
-- and its *alpha* goes 0 → 0.4 (the listing gives the view a 40 %-black colour and fades its
-- alpha 0 → 1: the same on screen, one animated property instead of two).
--
-- To reuse it, subclass it in Lua (sheet.lua does):
--   local Dimming = require("dimming")
--   local Mine = setmetatable({ dimmedAlpha = 0.3 }, { __index = Dimming })

local Dimming = {
  -- The dimming view's alpha while presented.
  dimmedAlpha = 0.4,
}

-- Listing 11-5: the presented view takes the right half of the container (the width rounded
-- down: a 375-point container gives a 187-point view at x = 188).
function Dimming:frameOfPresentedViewInContainerView()
  local containerView = self.containerView
  if containerView == nil then return scrim.Rect(0, 0, 0, 0) end
  local bounds = containerView.bounds
  local width = math.floor(bounds.width / 2)
  return scrim.Rect(bounds.width - width, 0, width, bounds.height)
end

-- Listing 11-1.
function Dimming:presentationTransitionWillBegin()
  local containerView = self.containerView
  if containerView == nil then return end
  local presented = self.presentedViewController

  -- The listing makes the dimming view in the controller's initializer; here it is made when the
  -- presentation begins (the instance is fresh for each presentation anyway).
  local dimmingView = scrim.View.new{
    id = presented.id .. ".dimming",
    name = "dimming",
    backgroundColor = scrim.Color.black,
  }
  self.dimmingView = dimmingView

  -- The dimming view covers the container and starts transparent.
  dimmingView.frame = containerView.bounds
  dimmingView.alpha = 0
  -- Insert the dimming view below everything else (indices are 1-based in Lua).
  containerView:insertSubview(dimmingView, 1)

  -- Fade it in along with the transition (or at once when there is no coordinator).
  local coordinator = presented.transitionCoordinator
  local alpha = self.dimmedAlpha
  if coordinator ~= nil then
    coordinator:animateAlongsideTransition(function() dimmingView.alpha = alpha end)
  else
    dimmingView.alpha = alpha
  end
end

-- Listing 11-2: if the presentation was cancelled, remove the dimming view.
function Dimming:presentationTransitionDidEnd(completed)
  if not completed and self.dimmingView ~= nil then
    self.dimmingView:removeFromSuperview()
  end
end

-- Listing 11-3: fade the dimming view back out along with the dismissal.
function Dimming:dismissalTransitionWillBegin()
  local dimmingView = self.dimmingView
  if dimmingView == nil then return end
  local coordinator = self.presentedViewController.transitionCoordinator
  if coordinator ~= nil then
    coordinator:animateAlongsideTransition(function() dimmingView.alpha = 0 end)
  else
    dimmingView.alpha = 0
  end
end

-- Listing 11-4: if the dismissal was successful, remove the dimming view. (A cancelled one leaves
-- it: the host has already put its alpha back to 0.4.)
function Dimming:dismissalTransitionDidEnd(completed)
  if completed and self.dimmingView ~= nil then
    self.dimmingView:removeFromSuperview()
  end
end

-- Beyond the listings, as UIKit subclasses do: when the window changes size, the host moves the
-- container and the presented view; the dimming view follows alongside the size change
-- (0.3 s, ease-in-out).
function Dimming:viewWillTransitionToSize(size, coordinator)
  local dimmingView = self.dimmingView
  if dimmingView == nil then return end
  coordinator:animateAlongsideTransition(function()
    dimmingView.frame = scrim.Rect(0, 0, size.width, size.height)
  end)
end

-- And whenever the container lays out, the dimming view covers it — without touching a frame that
-- is already right (setting it again would stop the animation that brings it there).
function Dimming:containerViewWillLayoutSubviews()
  local containerView, dimmingView = self.containerView, self.dimmingView
  if containerView == nil or dimmingView == nil or dimmingView.superview ~= containerView then return end
  local bounds = containerView.bounds
  if dimmingView.frame ~= bounds then dimmingView.frame = bounds end
end

return Dimming
