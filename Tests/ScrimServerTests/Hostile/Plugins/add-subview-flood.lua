-- expect: instruction budget exceeded
-- line: 8
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local root = scrim.View.new{ id = "flood" }
    ctx.containerView:addSubview(root)
    while true do root:addSubview(scrim.View.new{}) end
    ctx:completeTransition(true)
  end,
}
