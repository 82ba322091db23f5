-- expect: instruction budget exceeded
-- line: 8
-- window: presented
return {
  duration = 0.3,
  animateTransition = function(self, ctx) ctx:completeTransition(true) end,
  animationEnded = function(self, completed)
    while true do end
  end,
}
