-- immediate.lua — Listing 9-2 of Apple's "View Controller Programming Guide for iOS" ("Using
-- Segues", "Creating a Custom Segue") as a segue plugin: perform presents the destination from
-- the source without animation. Its Swift twin is ImmediateSegue (Tests/ScrimTestSupport).

local Immediate = {}

function Immediate:perform(segue)
  -- Add your own animation code here.
  segue.source:present(segue.destination, false)
end

return Immediate
