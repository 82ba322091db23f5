-- expect: error object is a userdata value
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    error(ctx.containerView)
    ctx:completeTransition(true)
  end,
}
