import ServerSetup
import Testing

/// The config file's reader: what a settings file needs, read exactly, and everything else
/// refused with its line.
@Suite struct TOMLDocumentTests {
    typealias Entry = TOMLDocument.Entry

    @Test(
        arguments: [
            ("port = 8443", [Entry(key: "port", value: .integer(8443), line: 1)]),
            ("# a comment\n\nport = 8_443  # trailing\n", [Entry(key: "port", value: .integer(8443), line: 3)]),
            ("hostname = \"0.0.0.0\"", [Entry(key: "hostname", value: .string("0.0.0.0"), line: 1)]),
            ("path = 'C:\\keys\\a.p8'", [Entry(key: "path", value: .string("C:\\keys\\a.p8"), line: 1)]),
            ("text = \"tab\\tquote\\\" \\u00e9 \\U0001F3B5\"", [Entry(key: "text", value: .string("tab\tquote\" é 🎵"), line: 1)]),
            ("offline = true\nx = false", [Entry(key: "offline", value: .boolean(true), line: 1), Entry(key: "x", value: .boolean(false), line: 2)]),
            (
                "timeout = 2.5\nbig = 1e3\nneg = -0.5",
                [
                    Entry(key: "timeout", value: .float(2.5), line: 1), Entry(key: "big", value: .float(1000), line: 2),
                    Entry(key: "neg", value: .float(-0.5), line: 3),
                ]
            ),
            (
                "n = -12\np = +7\nz = 0",
                [Entry(key: "n", value: .integer(-12), line: 1), Entry(key: "p", value: .integer(7), line: 2), Entry(key: "z", value: .integer(0), line: 3)]
            ),
            ("day = 2027-01-01", [Entry(key: "day", value: .date("2027-01-01"), line: 1)]),
            ("list = [\"a\", 'b',]", [Entry(key: "list", value: .array([.string("a"), .string("b")]), line: 1)]),
            (
                "list = [\n  \"a\",  # first\n  \"b\"\n]\nnext = 1",
                [
                    Entry(key: "list", value: .array([.string("a"), .string("b")]), line: 1), Entry(key: "next", value: .integer(1), line: 5),
                ]
            ),
            ("empty = []", [Entry(key: "empty", value: .array([]), line: 1)]),
            ("[tls]\ncertificate = \"c.pem\"", [Entry(key: "tls.certificate", value: .string("c.pem"), line: 2)]),
            ("a.b = 1\n\"quoted key\" = 2", [Entry(key: "a.b", value: .integer(1), line: 1), Entry(key: "quoted key", value: .integer(2), line: 2)]),
            ("port=1\r\nx=2\r\n", [Entry(key: "port", value: .integer(1), line: 1), Entry(key: "x", value: .integer(2), line: 2)]),
        ] as [(String, [Entry])])
    func reads(text: String, entries: [Entry]) throws {
        #expect(try TOMLDocument(parsing: text).entries == entries)
    }

    @Test(
        arguments: [
            ("port = 1\nport = 2", 2, "set twice"),
            ("port 8080", 1, "expected = after the key port"),
            ("port =", 1, "needs a value"),
            ("hostname = 0.0.0.0", 1, "put text in double quotes"),
            ("name = bare", 1, "put text in double quotes"),
            ("mode = 0755", 1, "mode: the value is not a number"),
            ("x = 1_", 1, "x: the value is not a number"),
            ("x = 1.", 1, "is not a number"),
            ("x = inf", 1, "not a usable number"),
            ("x = \"open", 1, "not closed"),
            ("x = \"a\nb\"", 1, "not closed on its line"),
            ("x = \"\"\"\nlong\n\"\"\"", 1, "multi-line strings are not supported"),
            ("x = {a = 1}", 1, "inline tables"),
            ("[[rooms]]", 1, "arrays of tables"),
            ("[t]\n[t]", 2, "defined twice"),
            ("x = [1, 2", 1, "never closed"),
            ("x = [1 2]", 1, "expected , or ]"),
            ("x = 1 y = 2", 1, "one key = value per line"),
            ("x = \"\\q\"", 1, "unknown escape"),
            ("x = \"\\uD800\"", 1, "hex digits of a Unicode scalar"),
            ("a = 1\na.b = 2", 2, "set twice"),
            ("= 3", 1, "expected a key"),
            ("x = \"\u{7}\"", 1, "control character"),
        ] as [(String, Int, String)])
    func refusesWithTheLine(text: String, line: Int, reason: String) {
        do {
            _ = try TOMLDocument(parsing: text)
            Issue.record("read \(text.debugDescription)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }
}
