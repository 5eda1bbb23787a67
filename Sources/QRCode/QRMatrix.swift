/// A symbol being drawn: its modules (true is dark) and which of them belong to function
/// patterns, which data and masks leave alone. Coordinates are column `x`, row `y`.
struct QRMatrix {
    let version: QRVersion
    let size: Int
    private(set) var modules: [Bool]
    private var isFunction: [Bool]

    init(version: QRVersion) {
        self.version = version
        size = version.size
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            // The finder's 7×7 rings and the light separator around them.
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let ring = max(abs(dx), abs(dy))
                    setFunction(x + dx, y + dy, ring != 2 && ring != 4)
                }
            }
        }
        let centres = version.alignmentCentres
        for (i, cy) in centres.enumerated() {
            for (j, cx) in centres.enumerated() {
                let last = centres.count - 1
                // Not over the finders.
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { setFunction(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormat(mask: 0)  // reserves the areas; drawn for real once the mask is chosen
        if version.number >= 7 {
            let bits = version.information
            for i in 0..<18 {
                let dark = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3
                let b = i / 3
                setFunction(a, b, dark)
                setFunction(b, a, dark)
            }
        }
    }

    /// Both copies of the format bits, and the module that is always dark.
    mutating func drawFormat(mask: Int) {
        let bits = QRFormat.bits(mask: mask)
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { setFunction(8, i, bit(i)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }
        for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
        setFunction(8, size - 8, true)
    }

    /// The codewords' bits in the standard's zigzag: two-module columns from the right,
    /// upwards and downwards in turn, stepping over the vertical timing pattern.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], index < codewords.count * 8 else { continue }
                    modules[y * size + x] = (codewords[index >> 3] >> (7 - index & 7)) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the data modules where `pattern` says; applying it twice undoes it.
    mutating func applyMask(_ pattern: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMask.inverts(pattern, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }
}
