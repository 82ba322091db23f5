-- expect: completeTransition
-- line: 6
-- window: presented
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    ctx:completeTransition(true)
    ctx:completeTransition(true)
  end,
}
