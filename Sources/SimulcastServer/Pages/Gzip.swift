import CZlib

/// gzip (RFC 1952) by the system's zlib: the web files are compressed once, when the server
/// starts, and sent as they are to every browser that accepts gzip.
enum Gzip {
    /// `bytes` gzipped at zlib's best level; nil only if zlib itself fails (out of memory).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 15 window bits plus 16: a gzip header and trailer rather than zlib's.
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let result = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
