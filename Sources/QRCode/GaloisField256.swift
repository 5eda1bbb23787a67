/// Arithmetic in GF(2⁸) with QR's primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), by
/// logarithm tables: what Reed–Solomon error correction computes in.
enum GaloisField256 {
    /// `exponents[i]` is αⁱ (α = 2), for i in 0..<255; repeated once so a sum of two logs needs no modulo.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            table[i + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// `logarithms[v]` is i where αⁱ = v (undefined for 0).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exponents[i])] = i }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }
}
