import Foundation
import SimulcastTesting

/// nginx in front of several nodes, as the README's example deploys it: round-robin, WebSocket
/// upgrade passed through, a dead node skipped. Started as a child with its own prefix folder.
final class NginxProcess {
    let process = Process()
    let port: Int
    let folder: URL
    var baseURL: String { "http://127.0.0.1:\(port)" }

    static var executable: String? {
        ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(upstreams: [Int]) async throws {
        guard let executable = Self.executable else { throw ServeProcessError("nginx is not installed") }
        port = try await ServeProcess.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = Self.configuration(port: port, upstreams: upstreams, folder: folder.path, runAsRoot: getuid() == 0)
        try configuration.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if await Poll.until(timeout: Patience.processStart, interval: .milliseconds(50), { await ServeProcess.answers(baseURL) }) { return }
        throw ServeProcessError("nginx did not start")
    }

    /// The configuration the README documents, with this test's ports and folder.
    static func configuration(port: Int, upstreams: [Int], folder: String, runAsRoot: Bool) -> String {
        """
        \(runAsRoot ? "user root;" : "")
        daemon off;
        worker_processes 1;
        pid \(folder)/nginx.pid;
        error_log \(folder)/error.log;
        events { worker_connections 4096; }
        http {
            access_log off;
            client_body_temp_path \(folder)/body;
            proxy_temp_path \(folder)/proxy;
            fastcgi_temp_path \(folder)/fastcgi;
            uwsgi_temp_path \(folder)/uwsgi;
            scgi_temp_path \(folder)/scgi;
            map $http_upgrade $connection_upgrade { default upgrade; '' close; }
            upstream simulcast {
        \(upstreams.map { "        server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;" }.joined(separator: "\n"))
            }
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass http://simulcast;
                    proxy_http_version 1.1;
                    proxy_set_header Upgrade $http_upgrade;
                    proxy_set_header Connection $connection_upgrade;
                    proxy_set_header Host $host;
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_set_header X-Forwarded-Proto $scheme;
                    proxy_connect_timeout 2s;
                    proxy_read_timeout 1h;
                    proxy_next_upstream error timeout;
                }
            }
        }
        """
    }

    func stop() {
        if process.isRunning { process.terminate() }
        _ = ServeProcess.waitForExit(process)
        try? FileManager.default.removeItem(at: folder)
    }
}
