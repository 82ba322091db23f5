-- expect: instruction budget exceeded
-- line: 7
local Animator = { duration = 0.3 }
Animator.__index = Animator

function Animator.new(options)
  while true do end
end

function Animator:animateTransition(ctx) ctx:completeTransition(true) end
return Animator
