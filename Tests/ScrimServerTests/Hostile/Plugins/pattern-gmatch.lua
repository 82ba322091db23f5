-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    for _ in string.gmatch(string.rep("a", 40), string.rep("a-", 25) .. "b") do end
    ctx:completeTransition(true)
  end,
}
