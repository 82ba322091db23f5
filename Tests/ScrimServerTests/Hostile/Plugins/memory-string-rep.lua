-- expect: memory limit exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local s = string.rep("x", 1 << 30)
    ctx:completeTransition(true)
  end,
}
