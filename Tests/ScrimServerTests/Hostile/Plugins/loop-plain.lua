-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    while true do end
    ctx:completeTransition(true)
  end,
}
