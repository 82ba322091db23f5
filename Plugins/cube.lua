-- cube.lua — a navigation push and pop as the turn of a cube.
--
-- What you see:
--   push  the two screens are two faces of a cube that turns to the left: the old screen turns
--         away about its right edge while the new one turns in about its left edge, the edge they
--         share moving from the right side of the screen to the left, in perspective;
--   pop   the reverse: the cube turns to the right, bringing the screen underneath back.
-- Its Swift twin is CubeTransition (Tests/ScrimTestSupport); the tests give both the same pushes
-- and pops and compare every moving view at every frame.
--
-- How: each face turns about the edge the faces share, so its layer's `anchorPoint` goes to that
-- edge ((1, 0.5) for the face on the left, (0, 0.5) for the one on the right) and its `center` is
-- the edge's place. The edge moves across the width on the curve while the face on the left turns
-- from flat to −π/2 about y (its left part going away) and the face on the right from π/2 to flat
-- (or the reverse for a pop). The container's `layer.sublayerTransform` gives the perspective. At
-- the end each view gets its anchor point, transform and frame back.
--
-- Use it:   a navigation controller's animator: `scrim run Plugins/cube.lua --push --dismiss`;
--           `scrim/push` with `"delegate": { "animator": "cube" }`; `host.delegate(animator: "cube")`.
--           A presentation plays as a push, its dismissal as a pop.
-- Options:  duration (default 0.5 s), curve (default "easeInOut"), perspective (the eye's distance
--           in points, default 800).

local Cube = {
  duration = 0.5,
  curve = "easeInOut",
  perspective = 800,
}

function Cube.new(options)
  return { duration = options.duration, curve = options.curve, perspective = options.perspective }
end

function Cube:transitionDuration(ctx)
  return self.duration
end

-- Turned by `angle` about the vertical axis (a positive angle takes the right edge away).
local function turned(angle)
  return scrim.Transform3D.rotation(angle, 0, 1, 0)
end

function Cube:animateTransition(ctx)
  local container = ctx.containerView
  local pushing = ctx.operation == "push" or (ctx.operation == "none" and ctx.isPresenting)
  local fromView, toView = ctx:view("from"), ctx:view("to")
  local content = pushing and ctx:finalFrame(ctx:viewController("to")) or fromView.frame
  if toView ~= nil then
    container:addSubview(toView)
    toView.frame = content
  end
  -- The face on the left of the shared edge and the one on its right (nil: a presentation that
  -- keeps its presenter has no view under the presented one).
  local left = pushing and fromView or toView
  local right = pushing and toView or fromView
  local startEdge = content.minX + (pushing and content.width or 0)
  local endEdge = content.minX + (pushing and 0 or content.width)

  local sublayerTransform = container.layer.sublayerTransform
  container.layer.sublayerTransform = scrim.Transform3D.new{ m34 = -1 / self.perspective }
  -- Each face: its anchor, its turn at the start and the end (flat where it is the front face).
  local faces = {}
  if left ~= nil then
    faces[#faces + 1] = { view = left, anchor = scrim.Point(1, 0.5),
      from = turned(pushing and 0 or -math.pi / 2), to = turned(pushing and -math.pi / 2 or 0) }
  end
  faces[#faces + 1] = { view = right, anchor = scrim.Point(0, 0.5),
    from = turned(pushing and math.pi / 2 or 0), to = turned(pushing and 0 or math.pi / 2) }
  for _, face in ipairs(faces) do
    face.anchorPoint, face.transform = face.view.layer.anchorPoint, face.view.transform3D
    face.view.layer.anchorPoint = face.anchor
    face.view.center = scrim.Point(startEdge, content.midY)
    face.view.transform3D = face.from
  end

  scrim.animate{
    duration = self.duration,
    curve = self.curve,
    animations = function()
      for _, face in ipairs(faces) do
        face.view.center = scrim.Point(endEdge, content.midY)
        face.view.transform3D = face.to
      end
    end,
    completion = function(finished)
      container.layer.sublayerTransform = sublayerTransform
      for _, face in ipairs(faces) do
        face.view.transform3D = face.transform
        face.view.layer.anchorPoint = face.anchorPoint
        face.view.frame = content
      end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end,
  }
end

return Cube
