-- expect: raised after completing
-- line: 8
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    ctx.containerView:addSubview(ctx:view("to"))
    ctx:completeTransition(true)
    error("raised after completing")
  end,
}
