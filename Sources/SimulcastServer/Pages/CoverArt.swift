/// The picture shown where a song or a room has no artwork of its own: two overlapping discs
/// (two players, one song) on a colour chosen by `seed`, drawn with soft edges. Also the
/// app's icons (seed nil: the brand colours). Pure; `PNGEncoder` writes it.
struct CoverArt: Equatable {
    struct Colour: Equatable {
        var red: Double
        var green: Double
        var blue: Double

        init(hex: UInt32) {
            red = Double(hex >> 16 & 0xFF)
            green = Double(hex >> 8 & 0xFF)
            blue = Double(hex & 0xFF)
        }

        func mixed(with other: Colour, _ amount: Double) -> Colour {
            var mix = self
            mix.red += (other.red - red) * amount
            mix.green += (other.green - green) * amount
            mix.blue += (other.blue - blue) * amount
            return mix
        }
    }

    /// Background, left disc, right disc: dark grounds under bright discs, readable at 32 px.
    static let palettes: [(UInt32, UInt32, UInt32)] = [
        (0x101418, 0x1ED760, 0xFA4D6A),  // the brand: Spotify green and Apple red on night
        (0x1B1340, 0xFFB547, 0x5BC0EB),
        (0x0D2B2A, 0xF25F5C, 0xFFE066),
        (0x2A0F2E, 0x70C1B3, 0xF7A072),
        (0x13213C, 0xFCA311, 0xE5E5E5),
        (0x1F1A17, 0x9BC53D, 0xE55934),
    ]

    /// The longest seed a request may name (a song's title and artists fit well within it).
    static let maximumSeedBytes = 600

    /// Which of `palettes`: the same seed, the same cover.
    let palette: Int
    var background: Colour { Colour(hex: Self.palettes[palette].0) }
    var left: Colour { Colour(hex: Self.palettes[palette].1) }
    var right: Colour { Colour(hex: Self.palettes[palette].2) }

    /// `seed` picks one of the other palettes; nil is the brand's.
    init(seed: String?) {
        palette = seed.map { Int(Self.fnv1a($0) % UInt64(Self.palettes.count - 1)) + 1 } ?? 0
    }

    /// The mark as SVG, for the favicon: the same discs, drawn by the browser.
    var svg: String { svg(cornerRadius: 22) }

    /// As SVG with square corners or rounded ones (the icon's), in units of a 100-wide box.
    func svg(cornerRadius: Int) -> String {
        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
        let (ground, one, two) = Self.palettes[palette]
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="\(cornerRadius)" fill="\(hex(ground))"/>\
            <circle cx="36.5" cy="50" r="30" fill="\(hex(one))"/><circle cx="63.5" cy="50" r="30" fill="\(hex(two))" fill-opacity="0.85"/></svg>

            """
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// `width * height * 3` bytes of RGB. The discs sit in the middle, their size set by the
    /// shorter side, so a wide card and a square icon show the same mark.
    func pixels(width: Int, height: Int) -> [UInt8] {
        let side = Double(min(width, height))
        let radius = side * 0.3
        let centreY = Double(height) / 2
        let leftX = Double(width) / 2 - radius * 0.45
        let rightX = Double(width) / 2 + radius * 0.45
        // Where they overlap, the two colours lighten together.
        let both = left.mixed(with: right, 0.5).mixed(with: Colour(hex: 0xFFFFFF), 0.35)
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let dy = Double(y) + 0.5 - centreY
            for x in 0..<width {
                let px = Double(x) + 0.5
                // Coverage of each disc at this pixel, from its distance to the edge: soft edges.
                let inLeft = Self.coverage(distance: ((px - leftX) * (px - leftX) + dy * dy).squareRoot(), radius: radius)
                let inRight = Self.coverage(distance: ((px - rightX) * (px - rightX) + dy * dy).squareRoot(), radius: radius)
                // Layered, each over the last by its coverage: no seam where the edges cross.
                let colour = background.mixed(with: left, inLeft).mixed(with: right, inRight).mixed(with: both, inLeft * inRight)
                let offset = (y * width + x) * 3
                bytes[offset] = UInt8(colour.red.rounded())
                bytes[offset + 1] = UInt8(colour.green.rounded())
                bytes[offset + 2] = UInt8(colour.blue.rounded())
            }
        }
        return bytes
    }

    static func coverage(distance: Double, radius: Double) -> Double { min(1, max(0, radius + 0.5 - distance)) }

    func png(width: Int, height: Int) -> [UInt8] { PNGEncoder.encode(width: width, height: height, rgb: pixels(width: width, height: height)) }
}
