-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    pcall(string.find, string.rep("a", 40), string.rep("a*", 25) .. "b")
    ctx:completeTransition(true)
  end,
}
