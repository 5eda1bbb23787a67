import SimulcastCore
import Testing

/// The pages' wire types (`Web/types/wire.d.ts`) are generated from the Swift wire types; this
/// fails when a Swift type changed and the file was not regenerated (or someone edited it).
@Suite struct WireTypeScriptTests {
    @Test func theCommittedDeclarationsAreWhatTheSwiftTypesGenerate() throws {
        try GeneratedWebFile.expectCommitted(
            try WireTypeScriptModule.text, at: WireTypeScriptModule.file,
            regenerate: "SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WireTypeScriptTests")
    }

    /// The recorder reads what the Swift decodes: required and optional keys, enums as their
    /// strings, arrays, string-keyed records, and named types by name.
    @Test func theRecorderReadsWhatADecodableAsksFor() throws {
        struct Inner: Decodable { var x: Double }
        enum Colour: String, Decodable, CaseIterable {
            case red, green = "verde"
        }
        struct Outer: Decodable {
            var name: String
            var count: Int?
            var colour: Colour
            var tags: [String]
            var scores: [String: Int]
            var inner: Inner
            var inners: [Inner]?
        }
        let recorder = ShapeRecorder(names: [(Inner.self, "Inner")])
        let shape = try recorder.declare(Outer.self)
        #expect(
            shape
                == .object([
                    TypeScriptField(name: "name", shape: .string, optional: false),
                    TypeScriptField(name: "count", shape: .number, optional: true),
                    TypeScriptField(name: "colour", shape: .oneOf(["red", "verde"]), optional: false),
                    TypeScriptField(name: "tags", shape: .array(.string), optional: false),
                    TypeScriptField(name: "scores", shape: .record(.number), optional: false),
                    TypeScriptField(name: "inner", shape: .named("Inner"), optional: false),
                    TypeScriptField(name: "inners", shape: .array(.named("Inner")), optional: true),
                ]))
        #expect(recorder.declarations.map(\.name) == ["Inner"])
        #expect(recorder.declarations.first?.fields == [TypeScriptField(name: "x", shape: .number, optional: false)])
    }

    @Test func theDeclarationsSayWhatThePagesRelyOn() throws {
        let text = try WireTypeScriptModule.text
        for line in [
            "export interface RoomState {", "  seq: number;", "  track?: RoomTrack;", "  handoverOffer?: HandoverOffer;",
            "| (RoomState & { type: \"room.state\"; v: 1 })",
        ] {
            #expect(text.contains(line), "\(line) is missing")
        }
    }
}
