/// Lets every control, and every subclass of it, make publishers whose output is the
/// control's own type, so a subscriber to a `Slider` receives a `Slider`.
///
/// ``EventPublisher``'s file extends this protocol with `publisher(for:)`; the protocol and
/// the conformance live here, apart from it, so that a reader's copy of that file (chapter
/// 14's exercise) adds its `publisher(for:)` to this same protocol, which `Slider` adopts.
public protocol ControlEventPublishing: Control {}

extension Control: ControlEventPublishing {}
