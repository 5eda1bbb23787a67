/// Reed–Solomon error correction codewords as QR codes use them: the remainder of the data,
/// as a polynomial over GF(2⁸), divided by the generator (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
enum ReedSolomon {
    /// The generator's coefficients after the leading 1, highest degree first.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply by (x − root); subtraction is addition (xor) in GF(2⁸).
            for j in 0..<degree {
                coefficients[j] = GaloisField256.multiply(coefficients[j], root)
                if j + 1 < degree { coefficients[j] ^= coefficients[j + 1] }
            }
            root = GaloisField256.multiply(root, 2)
        }
        return coefficients
    }

    /// The `count` error correction codewords of `data`.
    static func remainder(of data: [UInt8], count: Int) -> [UInt8] {
        let divisor = generator(degree: count)
        var result = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for i in 0..<count { result[i] ^= GaloisField256.multiply(divisor[i], factor) }
        }
        return result
    }
}
