/// Bits appended most significant first, as a QR symbol's data stream is written.
struct QRBitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, bits width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    /// The bits as bytes (the count must be a multiple of 8).
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
