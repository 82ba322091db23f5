-- expect: completeTransition
-- line: 8
-- window: presented
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    ctx:completeTransition(true)
    ctx:completeTransition(true)
  end,
}
