// The Combine conformances Apple ships outside Combine: `DispatchQueue` (in Dispatch),
// `RunLoop` and `OperationQueue` (in Foundation) as schedulers. Linux has the types but not
// the conformances, so this stub declares them, from Apple's documentation of
// DispatchQueue.SchedulerTimeType, RunLoop.SchedulerTimeType and
// OperationQueue.SchedulerTimeType (with their Stride and SchedulerOptions). It exists to
// be type-checked against, never run: every body traps. On a Mac the real ones are used.
//
// `Tools/check-apple-api.sh` appends it (without its `#if`, imports and `@retroactive`) to
// the stand-in Combine module it builds from Apple's interface on Linux, so that every
// module importing Combine sees the conformances, as on a Mac: the workbook's own code
// and its dependencies (combine-schedulers imports Combine wherever it can).
// Each member is Apple's, documented on Apple's page; comments here would only repeat that.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
#if !canImport(Darwin)
import Dispatch
import Foundation

private func typeCheckingOnly() -> Never {
    fatalError("a type-checking stub of Apple's scheduler conformances; never run")
}

extension DispatchQueue: @retroactive Scheduler, _StubbedScheduler {
    public struct SchedulerTimeType: Strideable, Codable, Hashable {
        public var dispatchTime: DispatchTime { typeCheckingOnly() }
        public init(_ time: DispatchTime) { typeCheckingOnly() }
        public func distance(to other: Self) -> Stride { typeCheckingOnly() }
        public func advanced(by n: Stride) -> Self { typeCheckingOnly() }
        public init(from decoder: any Decoder) throws { typeCheckingOnly() }
        public func encode(to encoder: any Encoder) throws { typeCheckingOnly() }
        public static func == (lhs: Self, rhs: Self) -> Bool { typeCheckingOnly() }
        public func hash(into hasher: inout Hasher) { typeCheckingOnly() }

        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable
        {
            public typealias Magnitude = Int
            public var magnitude: Int
            public var timeInterval: DispatchTimeInterval { typeCheckingOnly() }
            public init(_ timeInterval: DispatchTimeInterval) { typeCheckingOnly() }
            public init(_ value: Int) { typeCheckingOnly() }
            public init(floatLiteral value: Double) { typeCheckingOnly() }
            public init(integerLiteral value: Int) { typeCheckingOnly() }
            public init?<T: BinaryInteger>(exactly source: T) { typeCheckingOnly() }
            public static func < (lhs: Self, rhs: Self) -> Bool { typeCheckingOnly() }
            public static func * (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
            public static func + (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
            public static func - (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
            public static func *= (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
            public static func += (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
            public static func -= (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
            public static func seconds(_ s: Int) -> Self { typeCheckingOnly() }
            public static func seconds(_ s: Double) -> Self { typeCheckingOnly() }
            public static func milliseconds(_ ms: Int) -> Self { typeCheckingOnly() }
            public static func microseconds(_ us: Int) -> Self { typeCheckingOnly() }
            public static func nanoseconds(_ ns: Int) -> Self { typeCheckingOnly() }
        }
    }

    public struct SchedulerOptions {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?
        public init(
            qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
            group: DispatchGroup? = nil
        ) { typeCheckingOnly() }
    }
}

/// The members every stubbed scheduler has, all trapping: `DispatchQueue`, `RunLoop` and
/// `OperationQueue` declare only their time and option types.
public protocol _StubbedScheduler: Scheduler {}

extension _StubbedScheduler {
    public var now: SchedulerTimeType { typeCheckingOnly() }
    public var minimumTolerance: SchedulerTimeType.Stride { typeCheckingOnly() }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        typeCheckingOnly()
    }
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) { typeCheckingOnly() }
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable { typeCheckingOnly() }
}

extension RunLoop: @retroactive Scheduler, _StubbedScheduler {
    public typealias SchedulerTimeType = _DateSchedulerTime
    public struct SchedulerOptions {}
}

extension OperationQueue: @retroactive Scheduler, _StubbedScheduler {
    public typealias SchedulerTimeType = _DateSchedulerTime
    public struct SchedulerOptions {}
}

/// RunLoop's and OperationQueue's time: a date. Apple declares one per type with these
/// same members; sharing one here only lets a mix-up of the two pass.
public struct _DateSchedulerTime: Strideable, Codable, Hashable {
    public var date: Date
    public init(_ date: Date) { typeCheckingOnly() }
    public func distance(to other: Self) -> Stride { typeCheckingOnly() }
    public func advanced(by n: Stride) -> Self { typeCheckingOnly() }
    public typealias Stride = _SecondsStride
}

/// RunLoop's and OperationQueue's stride: a `TimeInterval` in seconds (shared, as their time).
public struct _SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
    ExpressibleByFloatLiteral, Hashable, Codable
{
    public typealias Magnitude = TimeInterval
    public var magnitude: TimeInterval
    public var timeInterval: TimeInterval { typeCheckingOnly() }
    public init(_ timeInterval: TimeInterval) { typeCheckingOnly() }
    public init(floatLiteral value: TimeInterval) { typeCheckingOnly() }
    public init(integerLiteral value: TimeInterval) { typeCheckingOnly() }
    public init?<T: BinaryInteger>(exactly source: T) { typeCheckingOnly() }
    public static func < (lhs: Self, rhs: Self) -> Bool { typeCheckingOnly() }
    public static func * (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
    public static func + (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
    public static func - (lhs: Self, rhs: Self) -> Self { typeCheckingOnly() }
    public static func *= (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
    public static func += (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
    public static func -= (lhs: inout Self, rhs: Self) { typeCheckingOnly() }
    public static func seconds(_ s: Int) -> Self { typeCheckingOnly() }
    public static func seconds(_ s: Double) -> Self { typeCheckingOnly() }
    public static func milliseconds(_ ms: Int) -> Self { typeCheckingOnly() }
    public static func microseconds(_ us: Int) -> Self { typeCheckingOnly() }
    public static func nanoseconds(_ ns: Int) -> Self { typeCheckingOnly() }
}
#endif
