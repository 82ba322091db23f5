---@meta scrim
-- LuaLS type definitions of Scrim's Lua API (Docs/LuaAPI.md): the `scrim` module, the handle
-- types a plugin receives (context, coordinator, views, view controllers, gestures, property
-- animators) and the shapes a plugin class may take (Docs/LuaAPI.md, "Plugins"). Definitions
-- only: the host never loads `*.d.lua` files as plugins.
-- `Tests/ScrimLuaTests/TypeDeclarationTests.swift` keeps this file in step with the bridge.
--
-- To use it, add the `Plugins` directory to `workspace.library` in `.luarc.json`:
--   { "workspace.library": ["path/to/scrim/Plugins"], "runtime.version": "Lua 5.4" }

-- ---------------------------------------------------------------------------------------------
-- Enumerations: strings with UIKit's case names.

---@alias scrim.ModalPresentationStyle
---| "fullScreen"
---| "pageSheet"
---| "formSheet"
---| "overFullScreen"
---| "currentContext"
---| "overCurrentContext"
---| "popover"
---| "custom"
---| "automatic"

---Where a popover's arrow points (`UIPopoverArrowDirection`): `"up"` puts the popover below its
---source, `"down"` above, `"left"` to its right, `"right"` to its left.
---@alias scrim.PopoverArrowDirection
---| "up"
---| "down"
---| "left"
---| "right"

---A font weight, by UIKit's names (`UIFont.Weight`), lightest first.
---@alias scrim.FontWeight
---| "ultraLight"
---| "thin"
---| "light"
---| "regular"
---| "medium"
---| "semibold"
---| "bold"
---| "heavy"
---| "black"

---How a label's lines are aligned (`NSTextAlignment`); `natural` is left-aligned.
---@alias scrim.TextAlignment
---| "left"
---| "center"
---| "right"
---| "justified"
---| "natural"

---Named timing curves (Core Animation's control points). `"default"` is Core Animation's default
---curve (0.25, 0.1, 0.25, 1); leaving the curve out gives UIKit's default for `animate`, `"easeInOut"`.
---@alias scrim.CurveName
---| "linear"
---| "easeIn"
---| "easeOut"
---| "easeInOut"
---| "default"

---A named curve, or the control points of a cubic Bézier: `{ x1, y1, x2, y2 }` or
---`{ x1 = …, y1 = …, x2 = …, y2 = … }`.
---@alias scrim.Curve scrim.CurveName|number[]|{ x1: number, y1: number, x2: number, y2: number }

---Where a property animator ends (`UIViewAnimatingPosition`).
---@alias scrim.AnimatorPosition
---| "start"
---| "end"
---| "current"

---A property animator's state (`UIViewAnimatingState`).
---@alias scrim.AnimatorState
---| "inactive"
---| "active"
---| "stopped"

---A gesture recognizer's state (`UIGestureRecognizer.State`).
---@alias scrim.GestureState
---| "possible"
---| "began"
---| "changed"
---| "ended"
---| "cancelled"
---| "failed"

---The keys of `ctx:view` and `ctx:viewController`.
---@alias scrim.ContextKey
---| "from"
---| "to"

---What a transition does to a container (`UINavigationController.Operation`, with tabs).
---@alias scrim.TransitionOperation
---| "none"
---| "push"
---| "pop"
---| "tab"

-- ---------------------------------------------------------------------------------------------
-- Value types: plain tables (copies). Any table with the right fields is accepted where one is
-- expected.

---A point. `scrim.Point(x, y)`.
---@class scrim.Point
---@field x number
---@field y number
local Point = {}

---A copy moved by `dx`, `dy`.
---@param dx number
---@param dy number
---@return scrim.Point
function Point:offsetBy(dx, dy) end

---A copy with some fields replaced: `p:with{ x = 0 }`.
---@param changes table
---@return scrim.Point
function Point:with(changes) end

---A size. `scrim.Size(width, height)`.
---@class scrim.Size
---@field width number
---@field height number
local Size = {}

---A copy with some fields replaced: `s:with{ height = 100 }`.
---@param changes table
---@return scrim.Size
function Size:with(changes) end

---A rectangle (origin top-left, y down). `scrim.Rect(x, y, width, height)`.
---The computed fields are read-only and computed on each read.
---@class scrim.Rect
---@field x number
---@field y number
---@field width number
---@field height number
---@field origin scrim.Point computed: `{ x, y }`
---@field size scrim.Size computed: `{ width, height }`
---@field minX number computed
---@field midX number computed
---@field maxX number computed
---@field minY number computed
---@field midY number computed
---@field maxY number computed
local Rect = {}

---A copy inset by `dx` on the left and right and `dy` at the top and bottom (negative: outset).
---@param dx number
---@param dy number
---@return scrim.Rect
function Rect:insetBy(dx, dy) end

---A copy moved by `dx`, `dy`.
---@param dx number
---@param dy number
---@return scrim.Rect
function Rect:offsetBy(dx, dy) end

---Whether the point is inside (the max edges excluded).
---@param point scrim.Point
---@return boolean
function Rect:contains(point) end

---The smallest rectangle containing both.
---@param other scrim.Rect
---@return scrim.Rect
function Rect:union(other) end

---The overlap of both (`Rect(0, 0, 0, 0)` when they do not overlap).
---@param other scrim.Rect
---@return scrim.Rect
function Rect:intersection(other) end

---A copy with some fields replaced: `r:with{ x = 0, width = 100 }`.
---@param changes table
---@return scrim.Rect
function Rect:with(changes) end

---An affine transform `{ a, b, c, d, tx, ty }` as Core Graphics (`CGAffineTransform`).
---@class scrim.Transform
---@field a number
---@field b number
---@field c number
---@field d number
---@field tx number
---@field ty number
local Transform = {}

---`self` then `other` (`CGAffineTransformConcat(self, other)`).
---@param other scrim.Transform
---@return scrim.Transform
function Transform:concat(other) end

---The inverse (the transform itself when it cannot be inverted).
---@return scrim.Transform
function Transform:inverted() end

---@return boolean
function Transform:isIdentity() end

---A 3-D transform `{ m11 … m44 }` as Core Animation (`CATransform3D`): a point is a row vector,
---`(x', y', z', w') = (x, y, z, 1) · M`, then divided by `w'`; the translation is `m41`, `m42`,
---`m43`, and `m34` is the perspective entry (`-1/d` for a viewer at distance `d`).
---@class scrim.Transform3D
---@field m11 number
---@field m12 number
---@field m13 number
---@field m14 number
---@field m21 number
---@field m22 number
---@field m23 number
---@field m24 number
---@field m31 number
---@field m32 number
---@field m33 number
---@field m34 number
---@field m41 number
---@field m42 number
---@field m43 number
---@field m44 number
local Transform3D = {}

---`self` then `other` (`CATransform3DConcat(self, other)`).
---@param other scrim.Transform3D
---@return scrim.Transform3D
function Transform3D:concat(other) end

---The inverse (the transform itself when it cannot be inverted, as `CATransform3DInvert`).
---@return scrim.Transform3D
function Transform3D:inverted() end

---@return boolean
function Transform3D:isIdentity() end

---Whether it is a 2-D transform: no z, no perspective (`CATransform3DIsAffine`).
---@return boolean
function Transform3D:isAffine() end

---The 2-D part, `m11, m12, m21, m22, m41, m42` (`CATransform3DGetAffineTransform`); exact when
---`isAffine()`.
---@return scrim.Transform
function Transform3D:affine() end

---A color, components in 0…1.
---@class scrim.Color
---@field red number
---@field green number
---@field blue number
---@field alpha number

---The on-screen values of a view (`view.presentation`): a plain table, read-only in effect
---(changing it changes nothing).
---@class scrim.ViewValues
---@field frame scrim.Rect
---@field bounds scrim.Rect
---@field center scrim.Point
---@field transform scrim.Transform
---@field alpha number
---@field backgroundColor scrim.Color
---@field cornerRadius number
---@field transform3D scrim.Transform3D
---@field anchorPoint scrim.Point
---@field zPosition number
---@field sublayerTransform scrim.Transform3D
---@field shadowColor scrim.Color
---@field shadowOpacity number
---@field shadowRadius number
---@field shadowOffset scrim.Size
---@field borderWidth number
---@field borderColor scrim.Color

-- ---------------------------------------------------------------------------------------------
-- The module.

---The `scrim` module: the global `scrim`, also `require("scrim")`. Read-only; an unknown name
---raises "unknown field 'animat' in scrim; did you mean 'animate'?".
---@class scrim
---@field Transform scrim.TransformModule
---@field Transform3D scrim.Transform3DModule
---@field Color scrim.ColorModule
---@field View scrim.ViewModule
---@field Label scrim.LabelModule
---@field ImageView scrim.ImageViewModule
---@field PanGestureRecognizer scrim.PanGestureRecognizerModule
---@field PropertyAnimator scrim.PropertyAnimatorModule
scrim = {}

---A new point.
---@param x number
---@param y number
---@return scrim.Point
function scrim.Point(x, y) end

---A new size.
---@param width number
---@param height number
---@return scrim.Size
function scrim.Size(width, height) end

---A new rectangle.
---@param x number
---@param y number
---@param width number
---@param height number
---@return scrim.Rect
function scrim.Rect(x, y, width, height) end

---Transforms.
---@class scrim.TransformModule
---@field identity scrim.Transform
local TransformModule = {}

---A scale (`sy` defaults to `sx`).
---@param sx number
---@param sy? number
---@return scrim.Transform
function TransformModule.scale(sx, sy) end

---A translation.
---@param tx number
---@param ty number
---@return scrim.Transform
function TransformModule.translation(tx, ty) end

---A rotation; a positive angle turns clockwise on screen (y grows down, as UIKit).
---@param radians number
---@return scrim.Transform
function TransformModule.rotation(radians) end

---A transform from its six components.
---@param a number
---@param b number
---@param c number
---@param d number
---@param tx number
---@param ty number
---@return scrim.Transform
function TransformModule.new(a, b, c, d, tx, ty) end

---3-D transforms.
---@class scrim.Transform3DModule
---@field identity scrim.Transform3D
local Transform3DModule = {}

---A rotation by `angle` radians about the axis (`x`, `y`, `z`), of any non-zero length
---(`CATransform3DMakeRotation`; a zero axis gives the identity). About z it is
---`scrim.Transform.rotation`; about y a positive angle takes the right edge away from the viewer.
---@param angle number
---@param x number
---@param y number
---@param z number
---@return scrim.Transform3D
function Transform3DModule.rotation(angle, x, y, z) end

---A translation (`CATransform3DMakeTranslation`).
---@param tx number
---@param ty number
---@param tz number
---@return scrim.Transform3D
function Transform3DModule.translation(tx, ty, tz) end

---A scale along each axis (`CATransform3DMakeScale`).
---@param sx number
---@param sy number
---@param sz number
---@return scrim.Transform3D
function Transform3DModule.scale(sx, sy, sz) end

---A transform from its entries; an entry left out is the identity's: `new{ m34 = -1 / 500 }`.
---@param entries scrim.Transform3DEntries
---@return scrim.Transform3D
function Transform3DModule.new(entries) end

---The 3-D transform of a 2-D one (`CATransform3DMakeAffineTransform`).
---@param transform scrim.Transform
---@return scrim.Transform3D
function Transform3DModule.affine(transform) end

---The entries of `scrim.Transform3D.new` (all optional, the identity's when left out).
---@class scrim.Transform3DEntries
---@field m11? number
---@field m12? number
---@field m13? number
---@field m14? number
---@field m21? number
---@field m22? number
---@field m23? number
---@field m24? number
---@field m31? number
---@field m32? number
---@field m33? number
---@field m34? number
---@field m41? number
---@field m42? number
---@field m43? number
---@field m44? number

---Colors: `scrim.Color(r, g, b [, a])` (alpha defaults to 1).
---@class scrim.ColorModule
---@overload fun(red: number, green: number, blue: number, alpha?: number): scrim.Color
---@field black scrim.Color
---@field white scrim.Color
---@field clear scrim.Color
local ColorModule = {}

---A color from `"#RRGGBB"` or `"#RRGGBBAA"` (the `#` is optional).
---@param text string
---@return scrim.Color
function ColorModule.hex(text) end

---The options of `scrim.View.new` (all optional). Here and in the other option tables, any key
---not declared is an error ("unknown option 'frme'; did you mean 'frame'?").
---@class scrim.ViewOptions
---@field id? string unique in a window; generated when absent
---@field name? string
---@field frame? scrim.Rect
---@field backgroundColor? scrim.Color
---@field alpha? number
---@field cornerRadius? number
---@field transform? scrim.Transform
---@field isHidden? boolean
---@field clipsToBounds? boolean
---@field isUserInteractionEnabled? boolean false: taps and pans go past it (the default for labels and image views)
---@field tag? integer

---Views.
---@class scrim.ViewModule
local ViewModule = {}

---A new view (not in any window until added to a view that is).
---@param options? scrim.ViewOptions
---@return scrim.View
function ViewModule.new(options) end

---A UIKit animation option of `scrim.View.transition`: one transition at most, a curve, or
---`showHideTransitionViews`.
---@alias scrim.ViewTransitionOption "transitionFlipFromLeft"|"transitionFlipFromRight"|"transitionFlipFromTop"|"transitionFlipFromBottom"|"transitionCrossDissolve"|"transitionCurlUp"|"transitionCurlDown"|"showHideTransitionViews"|"curveEaseInOut"|"curveEaseIn"|"curveEaseOut"|"curveLinear"

---The options of `scrim.View.transition`.
---@class scrim.ViewTransitionOptions
---@field duration? number seconds, default 0
---@field options? scrim.ViewTransitionOption[] UIKit's names, e.g. { "transitionFlipFromLeft" }
---@field animations? fun() changes the view; they apply at once, and the transition shows them
---@field to? scrim.View the from/to form: replaces the view by this one (or, with "showHideTransitionViews", hides the view and shows this one); no `animations` then
---@field completion? fun(finished: boolean)

---A transition of `view` from how it looks now to how `animations` leaves it
---(`UIView.transition(with:duration:options:animations:completion:)`), or, with `to`, from `view` to
---`to` in `view`'s superview (`UIView.transition(from:to:duration:options:completion:)`).
---@param view scrim.View
---@param options scrim.ViewTransitionOptions
function ViewModule.transition(view, options) end

---The options of `scrim.Label.new`: every `scrim.View.new` option and the label's fields.
---@class scrim.LabelOptions: scrim.ViewOptions
---@field text? string
---@field fontSize? number
---@field fontWeight? scrim.FontWeight
---@field textColor? scrim.Color
---@field textAlignment? scrim.TextAlignment
---@field numberOfLines? integer

---Labels.
---@class scrim.LabelModule
local LabelModule = {}

---A new label (`UILabel`): 17-point regular black text on one line, left-aligned.
---@param options? scrim.LabelOptions
---@return scrim.Label
function LabelModule.new(options) end

---The options of `scrim.ImageView.new`: every `scrim.View.new` option and `imageName`.
---@class scrim.ImageViewOptions: scrim.ViewOptions
---@field imageName? string

---Image views.
---@class scrim.ImageViewModule
local ImageViewModule = {}

---A new image view (`UIImageView`) showing the named placeholder.
---@param options? scrim.ImageViewOptions
---@return scrim.ImageView
function ImageViewModule.new(options) end

---The options of `scrim.PanGestureRecognizer.new`.
---@class scrim.PanGestureRecognizerOptions
---@field action? fun(gesture: scrim.PanGestureRecognizer) runs on every event
---@field maximumNumberOfTouches? integer

---Pan gesture recognizers.
---@class scrim.PanGestureRecognizerModule
local PanGestureRecognizerModule = {}

---A new pan gesture recognizer; attach it with `view:addGestureRecognizer(g)`.
---@param options? scrim.PanGestureRecognizerOptions
---@return scrim.PanGestureRecognizer
function PanGestureRecognizerModule.new(options) end

---A physical spring (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`); the
---animation lasts its settling duration.
---@class scrim.SpringOptions
---@field mass? number default 1
---@field stiffness? number default 100
---@field damping? number default 10
---@field velocity? number default 0

---Timing: one of `spring`, `damping` (+ `velocity`) or `curve`, checked in that order.
---@class scrim.TimingOptions
---@field curve? scrim.Curve default "easeInOut"
---@field damping? number UIKit's duration spring: damping ratio in (0, 1]
---@field velocity? number the duration spring's initial velocity (whole distance per second)
---@field spring? scrim.SpringOptions

---The options of `scrim.PropertyAnimator.new`.
---@class scrim.PropertyAnimatorOptions: scrim.TimingOptions
---@field duration? number seconds, default 0

---Property animators (`UIViewPropertyAnimator`).
---@class scrim.PropertyAnimatorModule
local PropertyAnimatorModule = {}

---A new, inactive property animator.
---@param options scrim.PropertyAnimatorOptions
---@return scrim.PropertyAnimator
function PropertyAnimatorModule.new(options) end

---The options of `scrim.animate`.
---@class scrim.AnimateOptions: scrim.TimingOptions
---@field duration? number seconds, default 0 (values apply at once, the completion runs at the next tick)
---@field delay? number seconds, default 0
---@field animations fun() sets view properties; each that changes animates
---@field completion? fun(finished: boolean)

---The options of `scrim.animateKeyframes`.
---@class scrim.KeyframeOptions
---@field duration? number seconds, default 0
---@field delay? number seconds, default 0
---@field animations fun() calls `scrim.addKeyframe`
---@field completion? fun(finished: boolean)

---Animates the view properties that `animations` sets (`UIView.animate`). The positional form
---`scrim.animate(duration, animations [, completion])` uses the default curve.
---@param options scrim.AnimateOptions
---@overload fun(duration: number, animations: fun(), completion?: fun(finished: boolean))
function scrim.animate(options) end

---Keyframe animation (`UIView.animateKeyframes`), linear calculation mode.
---@param options scrim.KeyframeOptions
function scrim.animateKeyframes(options) end

---A keyframe, inside `scrim.animateKeyframes`'s `animations`. Times are fractions of the whole.
---@param start number relative start time, 0…1
---@param length number relative duration, 0…1
---@param animations fun()
function scrim.addKeyframe(start, length, animations) end

---What `scrim.plugin` returns: a reference to another plugin (or to a role the embedding program
---registered in Swift), for a delegate to return.
---@class scrim.PluginReference
---@field plugin string the plugin's or registered role's name
---@field options table the options its instance is made with

---Another plugin's role, or a Swift role the host registered under `name`, for a delegate method
---to return: the host makes the instance, with `options`, for the role it asked for. An unknown
---name raises "no plugin or role named '…'".
---@param name string
---@param options? table
---@return scrim.PluginReference
function scrim.plugin(name, options) end

---Writes to the host's log (LSP `window/logMessage`), tagged with the plugin and line, as `print`.
---@param ... any
function scrim.log(...) end

-- ---------------------------------------------------------------------------------------------
-- Handles: userdata standing for Swift objects. Reading a field asks the object; a handle whose
-- object is gone raises a clear error when used.

---A view's layer (`CALayer`): `view.layer`. Its values are the view's; writing an animatable one
---inside an animation block animates it. Defaults are Core Animation's.
---@class scrim.Layer
---@field view scrim.View read-only; the view whose layer this is
---@field anchorPoint scrim.Point a copy; the point of the bounds, in unit coordinates, at the view's center (default 0.5, 0.5); animatable
---@field zPosition number orders siblings (higher in front) and moves the layer along z; animatable
---@field sublayerTransform scrim.Transform3D a copy; applied to the subviews about the anchor point (perspective: m34 = -1/d); animatable
---@field isDoubleSided boolean whether it is drawn and hit when it faces away (default true)
---@field shadowColor scrim.Color a copy (default opaque black); animatable
---@field shadowOpacity number 0 (the default: no shadow) to 1; animatable
---@field shadowRadius number the blur radius (default 3); animatable
---@field shadowOffset scrim.Size a copy (default 0, -3); animatable
---@field borderWidth number (default 0); animatable
---@field borderColor scrim.Color a copy (default opaque black); animatable
---@field masksToBounds boolean the view's clipsToBounds
---@field cornerRadius number the view's cornerRadius; animatable

---A view (`UIView`). Writing `frame`, `bounds`, `center`, `transform`, `transform3D`, `alpha`,
---`backgroundColor` or `cornerRadius` (or an animatable value of its `layer`) inside an animation
---block animates it.
---@class scrim.View
---@field id string read-only
---@field name string?
---@field tag integer
---@field isHidden boolean
---@field clipsToBounds boolean
---@field isUserInteractionEnabled boolean whether taps and pans reach it and its subviews (false for labels and image views)
---@field frame scrim.Rect a copy: assign it back to change the view
---@field bounds scrim.Rect a copy
---@field center scrim.Point a copy
---@field transform scrim.Transform a copy; the layer's transform as 2-D, about the anchor point
---@field transform3D scrim.Transform3D a copy; the layer's transform, about the anchor point (setting one sets the other)
---@field layer scrim.Layer read-only; the view's layer: anchor point, depth, shadow, border
---@field alpha number
---@field backgroundColor scrim.Color a copy
---@field cornerRadius number
---@field superview scrim.View? read-only
---@field subviews scrim.View[] read-only; an array copy, back to front
---@field presentation scrim.ViewValues read-only; the values on screen now
---@field window scrim.View? read-only; the window the view is in
local View = {}

---Adds a subview on top (moving it from its old superview). Views nest at most 400 levels
---deep, counting the window: deeper is an error.
---@param view scrim.View
function View:addSubview(view) end

---Inserts a subview at a 1-based position in `subviews` (clamped).
---@param view scrim.View
---@param index integer
function View:insertSubview(view, index) end

---@param view scrim.View
---@param sibling scrim.View
function View:insertSubviewBelow(view, sibling) end

---@param view scrim.View
---@param sibling scrim.View
function View:insertSubviewAbove(view, sibling) end

---@param view scrim.View
function View:bringSubviewToFront(view) end

---@param view scrim.View
function View:sendSubviewToBack(view) end

function View:removeFromSuperview() end

---A rectangle in this view's coordinates converted to `view`'s (nil: the window's).
---@param rect scrim.Rect
---@param view scrim.View?
---@return scrim.Rect
function View:convertRect(rect, view) end

---A point in this view's coordinates converted to `view`'s (nil: the window's).
---@param point scrim.Point
---@param view scrim.View?
---@return scrim.Point
function View:convertPoint(point, view) end

---A new view that looks like this one now (subviews included, presentation values; a label's
---snapshot is a label with its text, an image view's an image view with its image).
---@return scrim.View
function View:snapshot() end

---@param gesture scrim.PanGestureRecognizer
function View:addGestureRecognizer(gesture) end

---@param gesture scrim.PanGestureRecognizer
function View:removeGestureRecognizer(gesture) end

---A label (`UILabel`): a view that draws text. Its content is not animatable: setting it
---inside an animation block shows the new value at once, as in UIKit.
---@class scrim.Label: scrim.View
---@field text string "" for none
---@field fontSize number in points (17 by default)
---@field fontWeight scrim.FontWeight
---@field textColor scrim.Color a copy; black by default
---@field textAlignment scrim.TextAlignment
---@field numberOfLines integer the most lines drawn (1 by default); 0: no limit
local Label = {}

---An image view (`UIImageView`): Scrim has no image files, so its image is a named placeholder
---(the preview page draws a light fill with the name).
---@class scrim.ImageView: scrim.View
---@field imageName string? the placeholder's name; nil: no image
local ImageView = {}

---A pan gesture recognizer (`UIPanGestureRecognizer`), fed by synthesized pan events.
---@class scrim.PanGestureRecognizer
---@field state scrim.GestureState read-only
---@field view scrim.View? read-only; the view it is attached to
---@field maximumNumberOfTouches integer
---@field isEnabled boolean
local PanGestureRecognizer = {}

---The movement since the gesture began (or the last `setTranslation`), in `view`'s coordinates
---(nil: the window's).
---@param view scrim.View?
---@return scrim.Point
function PanGestureRecognizer:translationInView(view) end

---Makes the current translation in `view`'s coordinates equal `translation`.
---@param translation scrim.Point
---@param view scrim.View?
function PanGestureRecognizer:setTranslation(translation, view) end

---Points per second in `view`'s coordinates, over the last 0.1 s.
---@param view scrim.View?
---@return scrim.Point
function PanGestureRecognizer:velocityInView(view) end

---The latest location in `view`'s coordinates.
---@param view scrim.View?
---@return scrim.Point
function PanGestureRecognizer:locationInView(view) end

---A property animator (`UIViewPropertyAnimator`).
---@class scrim.PropertyAnimator
---@field fractionComplete number settable while paused or inactive
---@field isReversed boolean
---@field state scrim.AnimatorState read-only
---@field isRunning boolean read-only
---@field pausesOnCompletion boolean
---@field scrubsLinearly boolean scrubbing fractionComplete moves the properties linearly (default true, as UIKit); false: along the curve
---@field duration number read-only
local PropertyAnimator = {}

---Adds an animation block (not once it is stopped).
---@param animations fun()
function PropertyAnimator:addAnimations(animations) end

---Adds a completion; it receives where the animator ended.
---@param completion fun(position: scrim.AnimatorPosition)
function PropertyAnimator:addCompletion(completion) end

---@param delay? number seconds
function PropertyAnimator:startAnimation(delay) end

function PropertyAnimator:pauseAnimation() end

---Stops; with `withoutFinishing` false, `finishAnimation` must follow.
---@param withoutFinishing boolean
function PropertyAnimator:stopAnimation(withoutFinishing) end

---Finishes a stopped animator at a position.
---@param position scrim.AnimatorPosition
function PropertyAnimator:finishAnimation(position) end

---The options of `PropertyAnimator:continueAnimation`.
---@class scrim.ContinueOptions: scrim.TimingOptions
---@field durationFactor? number default 1

---Continues a paused (active) animator, optionally with new timing.
---@param options? scrim.ContinueOptions
function PropertyAnimator:continueAnimation(options) end

---A view controller (`UIViewController`). Read-only in plugins.
---@class scrim.ViewController
---@field id string
---@field title string?
---@field view scrim.View
---@field modalPresentationStyle scrim.ModalPresentationStyle
---@field transitionCoordinator scrim.Coordinator? while a transition involving it runs
---@field presentingViewController scrim.ViewController? the one that presented it (or its nearest presented ancestor)
---@field presentedViewController scrim.ViewController? the one it presents (or its nearest presenting ancestor presents)
---@field preferredContentSize scrim.Size
---@field parent scrim.ViewController? the container it is a child of
---@field children scrim.ViewController[] its child view controllers (an array copy)
---@field navigationController scrim.ViewController? the nearest navigation controller it is in
---@field tabBarController scrim.ViewController? the nearest tab bar controller it is in
---@field splitViewController scrim.ViewController? the nearest split view controller it is in
---@field viewControllers scrim.ViewController[]? a navigation controller's stack (bottom first) or a tab bar controller's tabs
---@field topViewController scrim.ViewController? a navigation controller's top view controller
---@field interactivePopGestureRecognizer scrim.PanGestureRecognizer? a navigation controller's edge-swipe pan recognizer
---@field popoverPresentationController scrim.PopoverPresentationController? its popover controller when its style is popover
---@field selectedIndex integer? a tab bar controller's selected tab, 1-based
local ViewController = {}

---Presents `other` on the next tick; `completion(completed)` when it ends.
---@param other scrim.ViewController
---@param animated boolean
---@param completion? fun(completed: boolean)
function ViewController:present(other, animated, completion) end

---Dismisses what it presents, or itself, on the next tick.
---@param animated boolean
---@param completion? fun(completed: boolean)
function ViewController:dismiss(animated, completion) end

---Pushes `other` on the nearest navigation controller, else presents it.
---@param other scrim.ViewController
function ViewController:show(other) end

---Replaces the nearest split view controller's secondary with `other` (collapsed: shows it), else presents it.
---@param other scrim.ViewController
function ViewController:showDetail(other) end

---Runs the segue declared as `identifier` (a new instance of its destination) on the next tick;
---`shouldPerformSegue` is not asked. Raises the refusal (an unknown identifier, …) as an error.
---@param identifier string
---@param sender? scrim.View
function ViewController:performSegue(identifier, sender) end

---A navigation controller pushes `viewController` on the next tick.
---@param viewController scrim.ViewController
---@param animated boolean
function ViewController:push(viewController, animated) end

---A navigation controller pops its top view controller on the next tick.
---@param animated boolean
function ViewController:pop(animated) end

---A navigation controller pops down to `viewController`.
---@param viewController scrim.ViewController
---@param animated boolean
function ViewController:popTo(viewController, animated) end

---A navigation controller pops down to its root.
---@param animated boolean
function ViewController:popToRoot(animated) end

---A tab bar controller selects tab `index` (1-based) as a user's tap does: its delegate's
---`shouldSelect` is asked first and `didSelect` told after; the switch runs on the next tick
---(animated when the delegate vends an animator). Returns whether the selection was accepted.
---@param index integer
---@param completion? fun(completed: boolean)
---@return boolean accepted
function ViewController:selectTab(index, completion) end

---What a segue does with its destination.
---@alias scrim.SegueKind "show"|"showDetail"|"present"|"popover"|"custom"|"unwind"

---A segue on its way (`UIStoryboardSegue`). Read-only.
---@class scrim.Segue
---@field identifier string? its identifier
---@field kind scrim.SegueKind
---@field source scrim.ViewController the view controller it starts from
---@field destination scrim.ViewController the view controller it shows (a new instance), or an unwind segue's destination
---@field animated boolean whether its transition animates
---@field sender scrim.View? the trigger view
---@field action string? an unwind segue's action
local Segue = {}

---A popover's presentation controller (`UIPopoverPresentationController`). Read-only in plugins.
---@class scrim.PopoverPresentationController
---@field sourceView scrim.View? the view it points at
---@field sourceRect scrim.Rect the rectangle it points at, in the source view's coordinates
---@field permittedArrowDirections scrim.PopoverArrowDirection[] the directions its arrow may point in
---@field arrowDirection scrim.PopoverArrowDirection|"unknown" where its arrow points once laid out
---@field passthroughViews scrim.View[] the views a tap reaches while it is shown (an array copy)
---@field backgroundColor scrim.Color? the color behind its content
local PopoverPresentationController = {}

---The transitioning context (`UIViewControllerContextTransitioning`). Read-only; valid until its
---transition ends.
---@class scrim.Context
---@field containerView scrim.View
---@field isAnimated boolean
---@field isInteractive boolean
---@field isPresenting boolean true for a presentation or a push, false for a dismissal, a pop or a tab switch
---@field operation scrim.TransitionOperation "push", "pop" or "tab" for a container's transition, "none" for a presentation or dismissal
---@field transitionWasCancelled boolean
---@field presentationStyle scrim.ModalPresentationStyle
---@field targetTransform scrim.Transform
---@field percentComplete number
---@field transitionDuration number
local Context = {}

---@param key scrim.ContextKey
---@return scrim.ViewController?
function Context:viewController(key) end

---The view to animate: nil for the presenter's view when the style keeps it in place.
---@param key scrim.ContextKey
---@return scrim.View?
function Context:view(key) end

---Where the view controller's view starts, in container coordinates (`Rect(0, 0, 0, 0)` when unknown).
---@param viewController scrim.ViewController
---@return scrim.Rect
function Context:initialFrame(viewController) end

---Where the view controller's view must end, in container coordinates (`Rect(0, 0, 0, 0)` when unknown).
---@param viewController scrim.ViewController
---@return scrim.Rect
function Context:finalFrame(viewController) end

---Ends the transition: call it once, from the animation's completion.
---@param didComplete boolean
function Context:completeTransition(didComplete) end

---@param percentComplete number 0…1
function Context:updateInteractiveTransition(percentComplete) end

function Context:finishInteractiveTransition() end

function Context:cancelInteractiveTransition() end

function Context:pauseInteractiveTransition() end

---The transition coordinator (`UIViewControllerTransitionCoordinator`). Read-only.
---@class scrim.Coordinator
---@field isAnimated boolean
---@field isInteractive boolean
---@field isCancelled boolean
---@field percentComplete number
---@field transitionDuration number
---@field containerView scrim.View
local Coordinator = {}

---Animates alongside the transition, with its timing; `completion` runs after it ended. Returns
---false once the transition has ended. Both receive the coordinator.
---@param animation? fun(coordinator: scrim.Coordinator)
---@param completion? fun(coordinator: scrim.Coordinator)
---@return boolean
function Coordinator:animateAlongsideTransition(animation, completion) end

---As `animateAlongsideTransition` (the view is accepted for UIKit compatibility).
---@param view scrim.View?
---@param animation? fun(coordinator: scrim.Coordinator)
---@param completion? fun(coordinator: scrim.Coordinator)
---@return boolean
function Coordinator:animateAlongsideTransitionInView(view, animation, completion) end

---Calls `handler` whenever the transition stops or starts being interactive.
---@param handler fun(coordinator: scrim.Coordinator)
function Coordinator:notifyWhenInteractionChanges(handler) end

-- ---------------------------------------------------------------------------------------------
-- Plugin classes (Docs/LuaAPI.md, "Plugins"). A plugin file returns a class table; the roles it
-- plays follow from the functions it defines. Annotate yours, for example:
-- `---@class Pop: scrim.Animator`.

---What every plugin class may define.
---@class scrim.PluginClass
---@field name? string the plugin's name (default: the file's stem)
local PluginClass = {}

---Makes an instance for one use, from the caller's options (default: an empty table). Called
---with a dot: `function Pop.new(options) … end`.
---@param options table
---@return table
function PluginClass.new(options) end

---A long-lived instance (a delegate) moves to a reloaded version of its plugin: carry state over.
---@param oldInstance table
function PluginClass:onReload(oldInstance) end

---An animator (`UIViewControllerAnimatedTransitioning`): recognised by `animateTransition`.
---@class scrim.Animator: scrim.PluginClass
---@field duration? number seconds, used when `transitionDuration` is not defined
local Animator = {}

---The transition's duration in seconds (finite, ≥ 0). `ctx` may be nil.
---@param ctx scrim.Context?
---@return number
function Animator:transitionDuration(ctx) end

---Adds the views to the container, animates them, and calls `ctx:completeTransition`.
---@param ctx scrim.Context
function Animator:animateTransition(ctx) end

---After the transition ended.
---@param completed boolean
function Animator:animationEnded(completed) end

---A property animator to drive instead (asked only by a percent-driven interaction).
---@param ctx scrim.Context
---@return scrim.PropertyAnimator?
function Animator:interruptibleAnimator(ctx) end

---What an interaction instance inherits from the host's `PercentDrivenInteractiveTransition`.
---The methods act only while the host's percent driver runs the transition (`percentDriven = true`).
---@class scrim.PercentDriven
---@field percentComplete number read-only
---@field duration number read-only; the animator's duration
---@field completionSpeed number default 1
---@field completionCurve scrim.CurveName default "easeInOut"
---@field wantsInteractiveStart boolean default true
local PercentDriven = {}

---Moves the transition to `percentComplete` (clamped to 0…1).
---@param percentComplete number
function PercentDriven:updateInteractiveTransition(percentComplete) end

---Runs the rest forward.
function PercentDriven:finishInteractiveTransition() end

---Runs back to the start and cancels.
function PercentDriven:cancelInteractiveTransition() end

---Stops a finishing or cancelling transition where it is: interactive again.
function PercentDriven:pauseInteractiveTransition() end

---An interaction controller (`UIViewControllerInteractiveTransitioning`): recognised by
---`startInteractiveTransition` or `percentDriven = true`. The class may set `completionSpeed`,
---`completionCurve` and `wantsInteractiveStart`; they are read when the instance is made.
---@class scrim.Interaction: scrim.PluginClass, scrim.PercentDriven
---@field percentDriven? boolean a subclass of the host's percent driver
local Interaction = {}

---Starts the interactive transition (after the host's percent driver, with `percentDriven`).
---@param ctx scrim.Context
function Interaction:startInteractiveTransition(ctx) end

---Defining it makes the host attach a pan recognizer to the container whose action calls it;
---for a pop begun by a navigation controller's edge swipe, it gets the rest of that swipe instead.
---@param gesture scrim.PanGestureRecognizer
function Interaction:handleGesture(gesture) end

---What a presentation-controller instance inherits from the host's `PresentationController`.
---@class scrim.PresentationBase
---@field containerView scrim.View? from step 4 of the presentation
---@field presentedViewController scrim.ViewController
---@field presentingViewController scrim.ViewController?

---A presentation controller (`UIPresentationController`): recognised by
---`presentationTransitionWillBegin` or `frameOfPresentedViewInContainerView`.
---@class scrim.Presentation: scrim.PluginClass, scrim.PresentationBase
---@field shouldRemovePresentersView? boolean|fun(self): boolean default false
local Presentation = {}

---The presented view's frame in the container (default: the container's bounds).
---@return scrim.Rect
function Presentation:frameOfPresentedViewInContainerView() end

---The view to animate (default: the presented view controller's view).
---@return scrim.View?
function Presentation:presentedView() end

function Presentation:presentationTransitionWillBegin() end

---@param completed boolean
function Presentation:presentationTransitionDidEnd(completed) end

function Presentation:dismissalTransitionWillBegin() end

---@param completed boolean
function Presentation:dismissalTransitionDidEnd(completed) end

function Presentation:containerViewWillLayoutSubviews() end

function Presentation:containerViewDidLayoutSubviews() end

---The window is changing size.
---@param size scrim.Size
---@param coordinator scrim.Coordinator
function Presentation:viewWillTransitionToSize(size, coordinator) end

---What a delegate method returns: a plugin name (a fresh instance, made with `{}`),
---`scrim.plugin(name, options)` (a fresh instance, made with `options`), a table with the role's
---methods (a class), `self` (from an `animationControllerFor…` method: the delegate's own
---instance as the animator, options and state and all), or nil.
---@alias scrim.Vended string|scrim.PluginReference|table|nil

---A transitioning delegate (`UIViewControllerTransitioningDelegate`): recognised by any of its
---methods.
---@class scrim.Delegate: scrim.PluginClass
local Delegate = {}

---@param presented scrim.ViewController
---@param presenting scrim.ViewController
---@param source scrim.ViewController
---@return scrim.Vended animator
function Delegate:animationControllerForPresented(presented, presenting, source) end

---@param dismissed scrim.ViewController
---@return scrim.Vended animator
function Delegate:animationControllerForDismissed(dismissed) end

---@param animator table? the animator's instance (nil for a Swift animator)
---@return scrim.Vended interaction
function Delegate:interactionControllerForPresentation(animator) end

---@param animator table? the animator's instance (nil for a Swift animator)
---@return scrim.Vended interaction
function Delegate:interactionControllerForDismissal(animator) end

---Asked for `custom` presentations only.
---@param presented scrim.ViewController
---@param presenting scrim.ViewController?
---@param source scrim.ViewController
---@return scrim.Vended presentation
function Delegate:presentationControllerForPresented(presented, presenting, source) end

---A navigation controller's delegate (`UINavigationControllerDelegate`): the animator of a push
---or a pop (nil: the built-in slide).
---@param operation "push"|"pop"
---@param from scrim.ViewController
---@param to scrim.ViewController
---@return scrim.Vended animator
function Delegate:animationControllerForOperation(operation, from, to) end

---Asked only when `animationControllerForOperation` vended an animator.
---@param animator table? the animator's instance (nil for a Swift animator)
---@return scrim.Vended interaction
function Delegate:interactionControllerForNavigation(animator) end

---@param viewController scrim.ViewController
---@param animated boolean
function Delegate:willShow(viewController, animated) end

---Told only when the push or pop completed.
---@param viewController scrim.ViewController
---@param animated boolean
function Delegate:didShow(viewController, animated) end

---A tab bar controller's delegate (`UITabBarControllerDelegate`): the animator of a tab switch
---(nil: the switch happens at once).
---@param from scrim.ViewController
---@param to scrim.ViewController
---@return scrim.Vended animator
function Delegate:animationControllerForTab(from, to) end

---Asked only when `animationControllerForTab` vended an animator.
---@param animator table? the animator's instance (nil for a Swift animator)
---@return scrim.Vended interaction
function Delegate:interactionControllerForTab(animator) end

---Asked for a user's selection only (not for selections from code).
---@param viewController scrim.ViewController
---@return boolean
function Delegate:shouldSelect(viewController) end

---@param viewController scrim.ViewController
function Delegate:didSelect(viewController) end

---A custom segue class (a `UIStoryboardSegue` subclass): recognised by `perform`.
---@class scrim.SegueClass: scrim.PluginClass
local SegueClass = {}

---Shows `segue.destination` itself, e.g. `segue.source:present(segue.destination, true)` or
---`segue.source.navigationController:push(segue.destination, true)`.
---@param segue scrim.Segue
function SegueClass:perform(segue) end

---A view controller's behaviour (the controller role): recognised by any of its methods or an
---`unwindActions` table. Each method gets the view controller first.
---@class scrim.Controller: scrim.PluginClass
---@field unwindActions? table<string, fun(self: scrim.Controller, vc: scrim.ViewController, segue: scrim.Segue)> unwind actions by name, run before anything moves
local Controller = {}

---@param vc scrim.ViewController
function Controller:viewDidLoad(vc) end

---@param vc scrim.ViewController
---@param animated boolean
function Controller:viewWillAppear(vc, animated) end

---@param vc scrim.ViewController
---@param animated boolean
function Controller:viewDidAppear(vc, animated) end

---@param vc scrim.ViewController
---@param animated boolean
function Controller:viewWillDisappear(vc, animated) end

---@param vc scrim.ViewController
---@param animated boolean
function Controller:viewDidDisappear(vc, animated) end

---The window is about to change size (`viewWillTransition(to:with:)`); animate along with `coordinator`.
---@param vc scrim.ViewController
---@param size scrim.Size
---@param coordinator scrim.Coordinator
function Controller:viewWillTransitionToSize(vc, size, coordinator) end

---Asked for segues a tap triggers only (not for `vc:performSegue`); false: nothing happens.
---@param vc scrim.ViewController
---@param identifier string
---@param sender scrim.View?
---@return boolean
function Controller:shouldPerformSegue(vc, identifier, sender) end

---Before the segue performs, with its new destination. An error stops the segue.
---@param vc scrim.ViewController
---@param segue scrim.Segue
---@param sender scrim.View?
function Controller:prepareForSegue(vc, segue, sender) end

---Whether `vc` is the destination of an unwind segue with `action` (default: it has that unwind action).
---@param vc scrim.ViewController
---@param action string
---@param from scrim.ViewController
---@param sender scrim.View?
---@return boolean
function Controller:canPerformUnwindSegueAction(vc, action, from, sender) end

return scrim
