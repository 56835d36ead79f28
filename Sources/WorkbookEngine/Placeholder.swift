import CCmark
public enum Placeholder { public static var version: String { String(cString: cmark_version_string()) } }
