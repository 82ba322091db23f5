-- expect: memory limit exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local t = {}
    for i = 1, 1e9 do t[i] = { i } end
    ctx:completeTransition(true)
  end,
}
