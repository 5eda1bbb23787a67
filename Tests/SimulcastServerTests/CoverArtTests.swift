import Testing

@testable import SimulcastServer

/// The generated cover: a seed always draws the same picture, the brand's is its own, and the
/// two discs are where they should be.
@Suite struct CoverArtTests {
    @Test func aSeedAlwaysPicksTheSamePaletteAndNeverTheBrands() {
        let seeds = (0..<200).map { "ROOM\($0)" }
        for seed in seeds {
            #expect(CoverArt(seed: seed) == CoverArt(seed: seed))
            #expect(CoverArt(seed: seed).palette != 0)
        }
        #expect(CoverArt(seed: nil).palette == 0)
        // Rooms do not all look alike: every other palette is used.
        #expect(Set(seeds.map { CoverArt(seed: $0).palette }) == Set(1..<CoverArt.palettes.count))
    }

    @Test func theDiscsSitInTheMiddleOnTheBackground() {
        let cover = CoverArt(seed: nil)
        let (width, height) = (200, 100)
        let pixels = cover.pixels(width: width, height: height)
        func colour(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 3..<(y * width + x) * 3 + 3]) }
        func bytes(_ colour: CoverArt.Colour) -> [UInt8] { [colour.red, colour.green, colour.blue].map { UInt8($0.rounded()) } }
        #expect(colour(0, 0) == bytes(cover.background))
        #expect(colour(199, 99) == bytes(cover.background))
        // Radius 30 (0.3 of the shorter side), centres 13.5 either side of the middle.
        #expect(colour(100 - 13 - 25, 50) == bytes(cover.left))
        #expect(colour(100 + 13 + 25, 50) == bytes(cover.right))
        #expect(colour(100, 50) != bytes(cover.left) && colour(100, 50) != bytes(cover.right), "the overlap is its own colour")
    }

    @Test func theIconAsSVGUsesTheSameColours() {
        let svg = CoverArt(seed: nil).svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("#101418") && svg.contains("#1ed760") && svg.contains("#fa4d6a"))
    }
}
