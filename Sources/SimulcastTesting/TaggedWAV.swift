import Fingerprint
import Foundation

/// A WAV file with RIFF INFO tags (title, artist), which players read as the file's tags, or
/// without them: the untagged case, where a player names the track by its file name.
public enum TaggedWAV {
    public static func data(_ audio: AudioSamples, title: String?, artist: String?) -> Data {
        var data = audio.wavData()
        guard title != nil || artist != nil else { return data }
        var info = Data("INFO".utf8)
        for (id, text) in [("INAM", title), ("IART", artist)] {
            guard let text else { continue }
            var value = Data(text.utf8)
            value.append(0)
            info.append(contentsOf: Array(id.utf8))
            info.append(contentsOf: withUnsafeBytes(of: UInt32(value.count).littleEndian, Array.init))
            info.append(value)
            if value.count % 2 == 1 { info.append(0) }
        }
        data.append(contentsOf: Array("LIST".utf8))
        data.append(contentsOf: withUnsafeBytes(of: UInt32(info.count).littleEndian, Array.init))
        data.append(info)
        // The RIFF size covers everything after its own eight bytes.
        data.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(data.count - 8).littleEndian, Array.init))
        return data
    }
}
