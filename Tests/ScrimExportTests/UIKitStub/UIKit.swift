// A UIKit/QuartzCore-shaped stub module for `scrim export --swift`'s files: the declarations the
// generated code uses, with the iOS SDK's names and signatures, so that `swiftc -typecheck` on
// Linux checks an exported file as Xcode would. Nothing here runs: the bodies only satisfy the
// compiler. Compiled by ExportedSourceTypeCheckTests with `swiftc -emit-module -module-name UIKit`.
//
// Foundation (swift-corelibs) gives NSObject, NSNumber, NSValue, CGFloat, CGPoint, CGSize, CGRect
// and TimeInterval. The transitioning delegates' methods are optional in the SDK (Objective-C
// protocols); here they are required, so that a method the file declares with a wrong signature
// fails to type-check instead of being an unrelated method.
@_exported import Foundation

// MARK: QuartzCore

/// CATransform3D: a C struct of sixteen CGFloats, with its memberwise initializer.
public struct CATransform3D {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init() {
        (m11, m12, m13, m14, m21, m22, m23, m24) = (0, 0, 0, 0, 0, 0, 0, 0)
        (m31, m32, m33, m34, m41, m42, m43, m44) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14, self.m21, self.m22, self.m23, self.m24) = (m11, m12, m13, m14, m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34, self.m41, self.m42, self.m43, self.m44) = (m31, m32, m33, m34, m41, m42, m43, m44)
    }
}

public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// CoreGraphics' color, as UIKit re-exports it.
open class CGColor {}

extension NSValue {
    public convenience init(caTransform3D t: CATransform3D) { fatalError() }
    public convenience init(cgPoint point: CGPoint) { fatalError() }
    public convenience init(cgSize size: CGSize) { fatalError() }
}

public protocol CAMediaTiming {
    var beginTime: TimeInterval { get set }
    var duration: TimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: TimeInterval { get set }
}

open class CAAnimation: NSObject, CAMediaTiming {
    open var beginTime: TimeInterval = 0
    open var duration: TimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: TimeInterval = 0
    open var isRemovedOnCompletion = true
    public override init() {}
}

open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

public struct CAAnimationCalculationMode: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var calculationMode: CAAnimationCalculationMode = .linear
}

open class CALayer: NSObject, CAMediaTiming {
    open var beginTime: TimeInterval = 0
    open var duration: TimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: TimeInterval = 0
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var zPosition: CGFloat = 0
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var transform = CATransform3DIdentity
    open var sublayerTransform = CATransform3DIdentity
    open var opacity: Float = 1
    open var isDoubleSided = true
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var backgroundColor: CGColor?
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    open func add(_ anim: CAAnimation, forKey key: String?) {}
    open func removeAnimation(forKey key: String) {}
    public override init() {}
}

open class CATransaction: NSObject {
    open class func begin() {}
    open class func commit() {}
    open class func setCompletionBlock(_ block: (() -> Void)?) {}
    open class func setDisableActions(_ flag: Bool) {}
}

// MARK: UIKit

open class UIColor: NSObject {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    open var cgColor: CGColor { CGColor() }
}

@MainActor open class UIView: NSObject {
    public override init() {}
    public init(frame: CGRect) {}
    open var layer: CALayer { CALayer() }
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var center: CGPoint = .zero
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var isHidden = false
    open var clipsToBounds = false
    open var accessibilityIdentifier: String?
    open var superview: UIView? { nil }
    open var subviews: [UIView] { [] }
    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, at index: Int) {}
    open func bringSubviewToFront(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { nil }
}

@MainActor open class UIViewController: NSObject {
    open var view: UIView! { nil }
}

@MainActor open class UINavigationController: UIViewController {
    public enum Operation: Int {
        case none, push, pop
    }
}

public struct UITransitionContextViewKey: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
}

@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
}

@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    public override init() {}
    open var duration: CGFloat { 0 }
    open var percentComplete: CGFloat { 0 }
    open var completionSpeed: CGFloat = 1
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {}
    open func update(_ percentComplete: CGFloat) {}
    open func cancel() {}
    open func finish() {}
}

@MainActor public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}
