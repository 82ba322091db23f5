-- expect: instruction budget exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local s = string.rep("x", 1e7)
    while true do local t = s .. "y" end
    ctx:completeTransition(true)
  end,
}
