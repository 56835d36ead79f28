// What the real OpenCombineShim does on Apple platforms: re-export Apple's Combine (here the
// module `Tools/check-apple-api.sh` built from Apple's interface).
@_exported import Combine
