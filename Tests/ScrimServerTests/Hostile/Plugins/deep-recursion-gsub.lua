-- expect: stack overflow
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local function f(s) return (string.gsub(s, ".", f)) end
    f("ab")
    ctx:completeTransition(true)
  end,
}
