/// The 15 format bits: error correction level M (indicator 00) and the mask, with their
/// BCH(15, 5) check, XORed with 101010000010010 so they are never all light.
enum QRFormat {
    static func bits(mask: Int) -> Int {
        let data = 0b00 << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }
}
