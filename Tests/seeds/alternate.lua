-- alternate.lua — Listing 9-1 of Apple's "View Controller Programming Guide for iOS" ("Using
-- Segues", "Initiating a Segue Programmatically") as a controller plugin: when the device turns
-- to landscape, the view controller performs the segue DisplayAlternateView from code, once.
--
-- Its Swift twin is AlternateViewController (Tests/ScrimTestSupport). Scrim has no device
-- orientation: the window's size stands for it (landscape when wider than tall), and
-- viewWillTransitionToSize for the orientation notification. The listing omits the way back;
-- here, turning back to portrait dismisses the alternate view.

local Alternate = {}

function Alternate.new(options)
  return { isShowingLandscapeView = false }
end

function Alternate:viewWillTransitionToSize(vc, size, coordinator)
  local isLandscape = size.width > size.height
  if isLandscape and not self.isShowingLandscapeView then
    vc:performSegue("DisplayAlternateView")
    self.isShowingLandscapeView = true
  elseif not isLandscape and self.isShowingLandscapeView then
    -- The remainder of the example (omitted in the listing).
    vc:dismiss(true)
    self.isShowingLandscapeView = false
  end
end

-- What makes this plugin a controller (viewWillTransitionToSize alone does not: presentation
-- controllers have a method of that name).
Alternate.unwindActions = {}

return Alternate
