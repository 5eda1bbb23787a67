import Synchronization

/// Covers and icons as PNG files, drawn once per palette and size: a few dozen at most, and
/// drawing a 1200×630 card costs far more than serving it.
final class CoverImages: Sendable {
    private struct Key: Hashable {
        var palette: Int
        var width: Int
        var height: Int
    }

    private let drawn = Mutex<[Key: [UInt8]]>([:])

    func png(_ cover: CoverArt, width: Int, height: Int) -> [UInt8] {
        let key = Key(palette: cover.palette, width: width, height: height)
        if let png = drawn.withLock({ $0[key] }) { return png }
        let png = cover.png(width: width, height: height)
        drawn.withLock { $0[key] = png }
        return png
    }
}
