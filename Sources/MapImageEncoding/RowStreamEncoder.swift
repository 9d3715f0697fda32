import MapErrors

/// An encoder fed an image a band of rows at a time, top to bottom, which gives the file's
/// bytes at the end (`PNGStreamEncoder`, `JPEGStreamEncoder`).
package protocol RowStreamEncoder: AnyObject {
    /// Encodes `count` rows of Cairo ARGB32 pixels, `stride` bytes apart.
    func append(rows: UnsafeRawPointer, count: Int, stride: Int) throws(MapError)
    /// The file, once every row has been appended.
    func finish() throws(MapError) -> [UInt8]
}

extension PNGStreamEncoder: RowStreamEncoder {}
extension JPEGStreamEncoder: RowStreamEncoder {}
