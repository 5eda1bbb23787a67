import Foundation

/// Reads audio into mono samples: RIFF/WAVE (PCM 8/16/24/32-bit, float 32/64) and raw PCM
/// natively; anything else through ffmpeg when it is installed.
public enum AudioDecoder {
    /// Raw PCM layout for stdin and `.raw`/`.pcm` files.
    public struct RawFormat: Hashable, Sendable {
        public var sampleRate: Int
        public var channels: Int
        public init(sampleRate: Int = 44_100, channels: Int = 1) {
            self.sampleRate = sampleRate
            self.channels = channels
        }
    }

    public static func decode(fileAt path: String, raw: RawFormat? = nil) throws -> AudioSamples {
        let url = URL(fileURLWithPath: path)
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { throw FingerprintError.notAudio(path) }
        if data.isEmpty { throw FingerprintError.empty(path) }
        let ext = url.pathExtension.lowercased()
        if let raw { return rawPCM(data, format: raw) }
        if ext == "raw" || ext == "pcm" { return rawPCM(data, format: RawFormat()) }
        if data.count >= 12, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) {
            return try wave(data, name: path)
        }
        return try viaFFmpeg(path)
    }

    /// Signed 16-bit little-endian interleaved PCM, as `arecord -f S16_LE` and `parec` write it.
    public static func rawPCM(_ data: Data, format: RawFormat) -> AudioSamples {
        let channels = max(1, format.channels)
        let frames = data.count / (2 * channels)
        var samples = [Float](repeating: 0, count: frames)
        data.withUnsafeBytes { raw in
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels {
                    let offset = (frame * channels + channel) * 2
                    let value = Int16(bitPattern: UInt16(raw[offset]) | UInt16(raw[offset + 1]) << 8)
                    sum += Float(value) / 32768
                }
                samples[frame] = sum / Float(channels)
            }
        }
        return AudioSamples(samples: samples, sampleRate: format.sampleRate)
    }

    static func wave(_ data: Data, name: String) throws -> AudioSamples {
        var offset = 12
        var format: (code: UInt16, channels: Int, rate: Int, bits: Int)?
        func u16(_ at: Int) -> UInt16 { UInt16(data[data.startIndex + at]) | UInt16(data[data.startIndex + at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        while offset + 8 <= data.count {
            let id = String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + 4)], as: UTF8.self)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            if id == "fmt " {
                guard size >= 16, body + 16 <= data.count else { throw FingerprintError.corrupt(name, detail: "short fmt chunk") }
                var code = u16(body)
                if code == 0xFFFE, size >= 26 { code = u16(body + 24) }  // WAVE_FORMAT_EXTENSIBLE: the sub-format's first two bytes
                format = (code, Int(u16(body + 2)), Int(u32(body + 4)), Int(u16(body + 14)))
            } else if id == "data" {
                guard let format else { throw FingerprintError.corrupt(name, detail: "data before fmt") }
                let end = min(data.count, body + size)
                return try samples(data[(data.startIndex + body)..<(data.startIndex + end)], format: format, name: name)
            }
            offset = body + size + (size & 1)
        }
        throw FingerprintError.corrupt(name, detail: "no data chunk")
    }

    static func samples(_ bytes: Data, format: (code: UInt16, channels: Int, rate: Int, bits: Int), name: String) throws -> AudioSamples {
        let channels = format.channels
        guard channels >= 1, channels <= 16, format.rate >= 1000, format.rate <= 384_000 else {
            throw FingerprintError.corrupt(name, detail: "\(channels) channels at \(format.rate) Hz")
        }
        let width = format.bits / 8
        let isFloat = format.code == 3
        guard format.code == 1 || isFloat, [1, 2, 3, 4, 8].contains(width), !(isFloat && width < 4) else {
            throw FingerprintError.corrupt(name, detail: "unsupported WAVE encoding \(format.code) with \(format.bits) bits")
        }
        let frames = bytes.count / (width * channels)
        if frames == 0 { throw FingerprintError.empty(name) }
        var output = [Float](repeating: 0, count: frames)
        bytes.withUnsafeBytes { raw in
            func sample(_ at: Int) -> Float {
                switch (width, isFloat) {
                case (1, _): return (Float(raw[at]) - 128) / 128
                case (2, _): return Float(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)) / 32768
                case (3, _):
                    let value = Int32(bitPattern: UInt32(raw[at]) << 8 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 24) >> 8
                    return Float(value) / 8_388_608
                case (4, false):
                    let bits = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
                    return Float(Int32(bitPattern: bits)) / 2_147_483_648
                case (4, true):
                    let bits = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
                    let value = Float(bitPattern: bits)
                    return value.isFinite ? value : 0
                default:
                    var bits: UInt64 = 0
                    for index in 0..<8 { bits |= UInt64(raw[at + index]) << (8 * UInt64(index)) }
                    let value = Float(Double(bitPattern: bits))
                    return value.isFinite ? value : 0
                }
            }
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels { sum += sample((frame * channels + channel) * width) }
                output[frame] = sum / Float(channels)
            }
        }
        return AudioSamples(samples: output, sampleRate: format.rate)
    }

    /// Decodes with ffmpeg to 16-bit mono at 8 kHz (all the fingerprint uses).
    static func viaFFmpeg(_ path: String) throws -> AudioSamples {
        guard let ffmpeg = executable("ffmpeg") else { throw FingerprintError.decoderMissing(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", String(FingerprintParameters.sampleRate), "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else { throw FingerprintError.notAudio(path) }
        return rawPCM(data, format: RawFormat(sampleRate: FingerprintParameters.sampleRate, channels: 1))
    }

    static func executable(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
