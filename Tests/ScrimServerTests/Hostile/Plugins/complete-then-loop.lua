-- expect: instruction budget exceeded
-- line: 8
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    ctx.containerView:addSubview(ctx:view("to"))
    ctx:completeTransition(true)
    while true do end
  end,
}
