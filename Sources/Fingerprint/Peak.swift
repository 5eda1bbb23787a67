/// A spectral peak: a frame and a frequency bin that stand out from their neighbourhood.
public struct Peak: Hashable, Sendable {
    public var frame: Int32
    public var bin: Int16
    public var strength: Float

    public init(frame: Int32, bin: Int16, strength: Float) {
        self.frame = frame
        self.bin = bin
        self.strength = strength
    }
}
