import MPRIS
import Testing

/// The default sink's latency from `pactl list sinks`, as PulseAudio and PipeWire print it.
@Suite struct SoundServerLatencyTests {
    static let sinks = """
        Sink #46
        \tState: SUSPENDED
        \tName: alsa_output.pci-0000_00_1f.3.analog-stereo
        \tDescription: Built-in Audio Analog Stereo
        \tLatency: 0 usec, configured 0 usec
        \tFlags: HARDWARE HW_MUTE_CTRL DECIBEL_VOLUME LATENCY
        Sink #81
        \tState: RUNNING
        \tName: bluez_output.38_18_4C_12_34_56.1
        \tDescription: WH-1000XM4
        \tLatency: 41523 usec, configured 40000 usec
        \tFlags: HARDWARE DECIBEL_VOLUME LATENCY
        Sink #90
        \tState: RUNNING
        \tName: usb-dac
        \tLatency: 12000.5 usec, configured 10000 usec
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var defaultSink: String
        var milliseconds: Double?
        var testDescription: String { defaultSink }
    }

    static let cases: [Case] = [
        Case(defaultSink: "bluez_output.38_18_4C_12_34_56.1", milliseconds: 41.523),
        Case(defaultSink: "usb-dac", milliseconds: 12.0005),
        // PipeWire says 0 for a suspended sink: not a figure.
        Case(defaultSink: "alsa_output.pci-0000_00_1f.3.analog-stereo", milliseconds: nil),
        Case(defaultSink: "not-there", milliseconds: nil),
        // Another sink's name as a prefix is not this sink.
        Case(defaultSink: "usb", milliseconds: nil),
    ]

    @Test(arguments: cases) func latency(_ c: Case) {
        #expect(SoundServerLatency.parse(listSinks: Self.sinks, defaultSink: c.defaultSink) == c.milliseconds)
    }

    @Test func garbageIsNoFigure() {
        #expect(SoundServerLatency.parse(listSinks: "Name: x\nLatency: lots usec", defaultSink: "x") == nil)
        #expect(SoundServerLatency.parse(listSinks: "", defaultSink: "x") == nil)
    }
}
