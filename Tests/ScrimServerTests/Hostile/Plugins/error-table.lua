-- expect: error object is a table value
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    error({ code = 1 })
    ctx:completeTransition(true)
  end,
}
