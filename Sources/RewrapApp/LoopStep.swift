import RewrapScene

/// One step of the loop, as `DemoApp.watch` reports it, for tests of the
/// order the loop does things in: no input handled inside another's
/// effects, none while a frame is drawn, and every change drawn before the
/// loop sleeps with nothing left to do.
public enum LoopStep: Equatable, Sendable {
    /// The controller took `input` and answered `effects`, while
    /// `carryOutsUnderWay` other inputs' effects were still being carried out.
    case handled(Input, effects: [Effect], carryOutsUnderWay: Int)
    /// The main window's frame began to be drawn.
    case frameBegan
    /// The main window's frame was presented.
    case framePresented
    /// The loop went to sleep until `deadline`, or until something happens (nil).
    case slept(until: Double?)
}
