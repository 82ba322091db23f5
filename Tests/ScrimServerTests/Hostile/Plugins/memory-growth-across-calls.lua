-- expect: memory limit exceeded
-- line: 4
kept = {}
local function grow() kept[#kept + 1] = string.rep("x", 40 << 20) end
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    grow()
    scrim.animate(0.1, function() end, function() grow() ctx:completeTransition(true) end)
  end,
}
