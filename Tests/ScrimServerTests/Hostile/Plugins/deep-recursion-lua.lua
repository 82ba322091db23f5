-- expect: stack overflow
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local function f(n) return 1 + f(n + 1) end
    f(1)
    ctx:completeTransition(true)
  end,
}
