-- expect: error object is a nil value
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    error(nil)
    ctx:completeTransition(true)
  end,
}
