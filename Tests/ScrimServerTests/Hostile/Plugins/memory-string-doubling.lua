-- expect: memory limit exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local s = "x"
    while true do s = s .. s end
    ctx:completeTransition(true)
  end,
}
