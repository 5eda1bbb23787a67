import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 24: the front page at `/`: join a room by its code, typed in any case, with spaces or
/// dashes, on a 390 px phone and with the keyboard alone; without JavaScript the form asks
/// `/join`, which does the same.
@Suite struct FrontPageTests {
    @Test func joinRedirectsToTheRoomAndRefusesWhatIsNotACode() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let base = "http://127.0.0.1:\(try await server.start())"
        // Redirects are what is checked here: not followed.
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        func get(_ path: String) async throws -> (HTTPResponseStatus, HTTPHeaders, String) {
            let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(10))
            return (response.status, response.headers, String(buffer: try await response.body.collect(upTo: 1 << 20)))
        }
        let (status, headers, page) = try await get("/")
        #expect(status == .ok)
        #expect(headers.first(name: "content-type") == "text/html; charset=utf-8")
        #expect(page.contains("action=\"/join\"") && page.contains("<label for=\"code\">Room code</label>"))
        #expect(!page.contains("{{"))

        let (found, foundHeaders, _) = try await get("/join?code=k7pq2%20mxr9t")
        #expect(found == .seeOther)
        #expect(foundHeaders.first(name: "location") == "/r/K7PQ2MXR9T")
        let (dashed, dashedHeaders, _) = try await get("/join?code=K7PQ2-MXR9T")
        #expect(dashed == .seeOther && dashedHeaders.first(name: "location") == "/r/K7PQ2MXR9T")

        let (bad, _, badPage) = try await get("/join?code=%3Cscript%3Ealert(1)%3C/script%3E")
        #expect(bad == .badRequest)
        #expect(badPage.contains("That is not a room code"))
        #expect(!badPage.contains("<script>alert"))
        let (empty, _, emptyPage) = try await get("/join")
        #expect(empty == .badRequest && emptyPage.contains("Type the room code first."))
        try await client.shutdown()
        await server.stop()
    }
}

/// The front page in the page suite, which runs its browsers one at a time.
extension WebListenerPageTests {
    @Test(.enabled(if: SystemTests.chromium && AxeCore.available, "needs Chromium and axe-core (scripts/test.sh installs them)"))
    func theFrontPageOpensACodeTypedWithTheKeyboardAlone() async throws {
        let axe = try AxeCore.script()
        try await WebRoom.run { room in
            let page = try await room.browser.openPhone("\(room.base)/")
            defer { Task { await page.close() } }
            _ = try await page.waitFor("document.readyState === 'complete'", as: Bool.self)
            try await page.run("eval(\(AxeCore.quoted(axe)))")
            var findings = try await AxeCore.scan(page) ?? []
            #expect(findings.isEmpty, "front page: \(findings)")
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            // Issue 51: no command line on a page meant for people.
            #expect(try await page.evaluate("document.body.innerText.includes('simulcast host')", as: Bool.self) == false)

            // Issue 51: "Start a room" comes first, its services as equal buttons named by what they do.
            #expect(try await page.evaluate("document.querySelector('h2').textContent", as: String.self) == "Start a room")
            // Tab to the code field (past the name field and the services), type nonsense, Enter:
            // the page says so and keeps the focus there.
            for _ in 0..<6 where try await page.evaluate("document.activeElement.id", as: String.self) != "code" { try await page.press("Tab") }
            #expect(try await page.evaluate("document.activeElement.id", as: String.self) == "code")
            try await page.type("not a code")
            try await page.press("Enter")
            _ = try await page.waitFor("!document.getElementById('code-error').hidden", as: Bool.self)
            #expect(
                try await page.evaluate("document.getElementById('code-error').textContent", as: String.self)
                    == "That is not a room code: ten letters and digits, like K7PQ2 MXR9T.")
            #expect(try await page.evaluate("document.activeElement.id", as: String.self) == "code")
            findings = try await AxeCore.scan(page) ?? []
            #expect(findings.isEmpty, "front page with an error: \(findings)")

            // The room's code as a friend might send it: lower case, in two groups.
            try await page.run("document.getElementById('code').select()")
            let typed = room.code.lowercased().prefix(5) + " " + room.code.lowercased().dropFirst(5)
            try await page.type(String(typed))
            try await page.press("Enter")
            _ = try await page.waitFor("location.pathname === '/r/\(room.code)'", as: Bool.self)
            _ = try await page.waitFor("window.simulcastPage && simulcastPage.status === 'choosing'", as: Bool.self)
            let shown = try await page.evaluate("document.getElementById('room-code').textContent", as: String.self)
            #expect(shown == String(room.code.prefix(5)) + " " + String(room.code.dropFirst(5)), "the code in two groups")

            // The two pages a person may land on by mistake: a Spotify login that did not
            // finish, and a room that does not exist. Both say so and pass axe in both themes.
            try await page.navigate("\(room.base)/r/callback?error=access_denied")
            _ = try await page.waitFor("!document.getElementById('back').hidden", as: Bool.self)
            #expect(
                try await page.evaluate("document.getElementById('status').textContent", as: String.self)
                    == "You cancelled the Spotify login, so nothing changed. Go back to the room to choose Spotify again or another service.")
            // Issue 51: a sentence with the next step, and the way back is a link a person finds by name.
            #expect(try await page.controls(role: "link", name: "Back to the room").count == 1)
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "callback: \(findings)") }
            try await page.navigate("\(room.base)/r/ZZZZZZZZZZ")
            _ = try await page.waitFor("document.readyState === 'complete'", as: Bool.self)
            // A wrong link offers a field for the code and a room of one's own; no command line.
            #expect(try await page.controls(role: "textbox", name: "Room code").count == 1)
            #expect(try await page.controls(role: "button", name: "Join the room").count == 1)
            #expect(try await page.controls(role: "link", name: "Start your own room").count == 1)
            #expect(try await page.evaluate("document.body.innerText.includes('simulcast host')", as: Bool.self) == false)
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "no such room: \(findings)") }
        }
    }
}
