-- flip.lua — a card flips over, in 3-D, into the details screen, and back.
--
-- What you see:
--   presenting  the tapped card turns over about its vertical axis, in perspective, while it grows
--               from its frame to the full screen; half way it is edge-on, and what turns toward
--               you after that is its back: the details screen (starting with the card's corner
--               radius). A shadow grows under the card as it lifts, largest edge-on, and settles
--               as the details land;
--   dismissing  the same turn backwards: the details shrink back into the card and turn over to
--               show its face again.
-- Its Swift twin is FlipTransition (Tests/ScrimTestSupport); the tests give both the same
-- presentations and dismissals and compare every moving view at every frame. Docs/WritingAnimators.md,
-- "A card flip in 3-D", walks through this file.
--
-- How: the two faces are two views of the same size and place, the card (a snapshot of the card
-- view, which is hidden meanwhile) and the details, both with `layer.isDoubleSided = false` so
-- each is drawn only while it faces you. The details start turned by π, as the back of the card.
-- Both turn by π about y together (keyframes: a quarter turn each half, so every step of the
-- engine's interpolation is a quarter turn); the container's `layer.sublayerTransform` gives them
-- a perspective (m34 = −1/perspective) while they turn.
--
-- Use it:   transitioningDelegate = { animator = "flip", options = { sourceViewId = "card1" } }
--           `scrim run Plugins/flip.lua --dismiss` (the whole screen flips: no card named)
-- Options:  sourceViewId (the card view's id, found in the presenting view controller's view;
--           without it, or when it is not there, that whole view is the card), duration (default
--           0.6 s), curve (of the growth; default "easeInOut"; the turn is linear in time),
--           perspective (the eye's distance in points, default 800), shadowOpacity (default 0.4)
--           and shadowRadius (default 24): the shadow's values at the middle of the flip.

-- pop.lua finds its card the same way: `Pop.sourceView(self, ctx)` is the view `self.sourceViewId`
-- in the presenting view controller's view, or nil.
local Pop = require("pop")

local Flip = {
  duration = 0.6,
  curve = "easeInOut",
  perspective = 800,
  shadowOpacity = 0.4,
  shadowRadius = 24,
}

function Flip.new(options)
  return {
    sourceViewId = options.sourceViewId,
    duration = options.duration,
    curve = options.curve,
    perspective = options.perspective,
    shadowOpacity = options.shadowOpacity,
    shadowRadius = options.shadowRadius,
  }
end

function Flip:transitionDuration(ctx)
  return self.duration
end

-- Turned by `angle` about the vertical axis (a positive angle takes the right edge away).
local function turned(angle)
  return scrim.Transform3D.rotation(angle, 0, 1, 0)
end

-- Puts `view` at `frame` whatever its transform: bounds and center, as a transformed view wants.
local function place(view, frame)
  view.bounds = scrim.Rect(0, 0, frame.width, frame.height)
  view.center = scrim.Point(frame.midX, frame.midY)
end

function Flip:animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local presenter = ctx:viewController(presenting and "from" or "to")
  local details = ctx:view(presenting and "to" or "from")
  local toView = ctx:view("to")
  if toView ~= nil then container:addSubview(toView) end
  container:bringSubviewToFront(details)

  -- The card: the named view, else the presenter's whole view. Its snapshot turns in its place.
  local source = Pop.sourceView(self, ctx) or presenter.view
  local cardFrame = source:convertRect(source.bounds, container)
  local fullFrame = presenting and ctx:finalFrame(ctx:viewController("to")) or details.frame
  local card = source:snapshot()
  container:addSubview(card)
  source.isHidden = true

  -- What the animator changes by hand, to give back at the end.
  local sublayerTransform = container.layer.sublayerTransform
  local doubleSided, transform = details.layer.isDoubleSided, details.transform3D
  local radius = details.cornerRadius

  -- Perspective for both faces, seen from the container's center.
  container.layer.sublayerTransform = scrim.Transform3D.new{ m34 = -1 / self.perspective }
  -- The turn goes from 0 to π presenting (π to 0 dismissing); the details are the back: turn − π.
  local startTurn = presenting and 0 or math.pi
  local endTurn = math.pi - startTurn
  local startFrame = presenting and cardFrame or fullFrame
  local endFrame = presenting and fullFrame or cardFrame
  local startRadius = presenting and source.cornerRadius or radius
  local endRadius = presenting and radius or source.cornerRadius
  local rest = {}
  for _, face in ipairs{ card, details } do
    face.layer.isDoubleSided = false
    place(face, startFrame)
    rest[face] = { opacity = face.layer.shadowOpacity, radius = face.layer.shadowRadius }
  end
  card.transform3D = turned(startTurn)
  details.transform3D = turned(startTurn - math.pi)
  -- Not clipped: as in Core Animation, a layer that masks to its bounds clips its shadow too.
  details.cornerRadius = startRadius

  -- The growth, on the curve.
  scrim.animate{
    duration = self.duration,
    curve = self.curve,
    animations = function()
      place(card, endFrame)
      place(details, endFrame)
      details.cornerRadius = endRadius
    end,
  }
  -- The turn and the shadow, in two halves: up to edge-on, then down to flat.
  scrim.animateKeyframes{
    duration = self.duration,
    animations = function()
      scrim.addKeyframe(0, 0.5, function()
        card.transform3D = turned(math.pi / 2)
        details.transform3D = turned(-math.pi / 2)
        for _, face in ipairs{ card, details } do
          face.layer.shadowOpacity = self.shadowOpacity
          face.layer.shadowRadius = self.shadowRadius
        end
      end)
      scrim.addKeyframe(0.5, 0.5, function()
        card.transform3D = turned(endTurn)
        details.transform3D = turned(endTurn - math.pi)
        for _, face in ipairs{ card, details } do
          face.layer.shadowOpacity = rest[face].opacity
          face.layer.shadowRadius = rest[face].radius
        end
      end)
    end,
    completion = function(finished)
      card:removeFromSuperview()
      source.isHidden = false
      container.layer.sublayerTransform = sublayerTransform
      details.layer.isDoubleSided = doubleSided
      details.transform3D = transform
      details.cornerRadius = radius
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end,
  }
end

return Flip
