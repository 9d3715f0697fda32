public import MapDrawing

/// A style's sprite: one image holding every icon, and where each icon lies in it
/// (style spec, "Sprite").
public struct SpriteSheet: Hashable, Sendable {
    /// One icon of the sheet.
    public struct Icon: Hashable, Sendable {
        /// The icon's pixels in the sheet.
        public var rect: PixelRect
        /// Sheet pixels per canvas point: 1, or 2 for an `@2x` sheet.
        public var pixelRatio: Double

        /// Creates an icon entry.
        public init(rect: PixelRect, pixelRatio: Double) {
            self.rect = rect
            self.pixelRatio = pixelRatio
        }

        /// The icon's size, in canvas points.
        public var size: (width: Double, height: Double) {
            (Double(rect.width) / pixelRatio, Double(rect.height) / pixelRatio)
        }
    }

    /// The sheet's image.
    public var image: EncodedImage
    /// The icons, by name.
    public var icons: [String: Icon]

    /// Creates a sheet.
    public init(image: EncodedImage, icons: [String: Icon]) {
        self.image = image
        self.icons = icons
    }
}
