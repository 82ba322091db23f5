-- expect: memory limit exceeded (67108864 bytes) making a view
-- line: 8
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local root = scrim.View.new{ id = "bomb" }
    for _ = 1, 24 do
      root:addSubview(root:snapshot())
    end
    ctx:completeTransition(true)
  end,
}
