@_exported import OpenCombineShim
