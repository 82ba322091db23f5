-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    string.find(string.rep("a", 4e6), string.rep("a", 2e6) .. "b", 1, true)
    ctx:completeTransition(true)
  end,
}
