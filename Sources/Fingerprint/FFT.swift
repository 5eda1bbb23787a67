import Foundation

/// An in-place radix-2 complex FFT of a fixed size, with its twiddles and bit-reversal
/// table computed once. Complex values are SIMD2 (real, imaginary) so each butterfly is a few
/// vector operations.
public struct FFT: Sendable {
    public let size: Int
    let twiddles: [SIMD2<Float>]
    let reversed: [Int]

    public init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        twiddles = (0..<size / 2).map { k in
            let angle = -2 * Float.pi * Float(k) / Float(size)
            return SIMD2(cos(angle), sin(angle))
        }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
    }

    @inline(__always)
    static func multiply(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x)
    }

    public func transform(_ data: inout [SIMD2<Float>]) {
        for index in 0..<size where index < reversed[index] { data.swapAt(index, reversed[index]) }
        data.withUnsafeMutableBufferPointer { buffer in
            twiddles.withUnsafeBufferPointer { twiddles in
                var length = 2
                while length <= size {
                    let half = length / 2
                    let stride = size / length
                    var start = 0
                    while start < size {
                        for k in 0..<half {
                            let w = twiddles[k * stride]
                            let odd = Self.multiply(buffer[start + k + half], w)
                            let even = buffer[start + k]
                            buffer[start + k] = even + odd
                            buffer[start + k + half] = even - odd
                        }
                        start += length
                    }
                    length *= 2
                }
            }
        }
    }
}

/// Power spectra of real frames of `2n` samples through one complex FFT of `n`.
public struct RealFFT: Sendable {
    public let size: Int
    let half: FFT
    let split: [SIMD2<Float>]

    public init(size: Int) {
        self.size = size
        half = FFT(size: size / 2)
        split = (0..<size / 2).map { k in
            let angle = -2 * Float.pi * Float(k) / Float(size)
            return SIMD2(cos(angle), sin(angle))
        }
    }

    /// |X[k]|² for k in 0...size/2 of the real frame `input` (count == size).
    public func power(_ input: UnsafeBufferPointer<Float>, into output: inout [Float], scratch: inout [SIMD2<Float>]) {
        let n = size / 2
        for index in 0..<n { scratch[index] = SIMD2(input[2 * index], input[2 * index + 1]) }
        half.transform(&scratch)
        output[0] = (scratch[0].x + scratch[0].y) * (scratch[0].x + scratch[0].y)
        output[n] = (scratch[0].x - scratch[0].y) * (scratch[0].x - scratch[0].y)
        for k in 1..<n {
            let a = scratch[k]
            let b = SIMD2(scratch[n - k].x, -scratch[n - k].y)
            let even = (a + b) * 0.5
            let odd = FFT.multiply((a - b) * 0.5, SIMD2(0, -1))
            let value = even + FFT.multiply(odd, split[k])
            output[k] = value.x * value.x + value.y * value.y
        }
    }
}
