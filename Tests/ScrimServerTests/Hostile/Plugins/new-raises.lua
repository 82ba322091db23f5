-- expect: new: boom in new
-- line: 7
local Animator = { duration = 0.3 }
Animator.__index = Animator

function Animator.new(options)
  error("boom in new")
end

function Animator:animateTransition(ctx) ctx:completeTransition(true) end
return Animator
