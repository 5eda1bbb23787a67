#!/usr/bin/env python3
# A Deezer stand-in at its worst, for scripts/hostile-service-probe.sh: it hangs, trickles a
# byte a second, sends 2 GB, sends garbage, answers 503, or 429 with Retry-After: 86400; or,
# "healthy", answers as Deezer does for songs it does not have. Switch with GET /__mode/NAME.
# Usage: hostile-standin.py PORT
import http.server, socketserver, sys, time, json, os
mode = {"m": "healthy"}
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_GET(self):
        if self.path.startswith("/__mode/"):
            mode["m"] = self.path.split("/")[-1]; self.send_response(204); self.send_header("Content-Length","0"); self.end_headers(); return
        m = mode["m"]
        try:
            if m == "hang":
                time.sleep(600); return
            if m == "trickle":
                self.send_response(200); self.send_header("Content-Type","application/json"); self.send_header("Content-Length","1000"); self.end_headers()
                self.wfile.write(b"{"); self.wfile.flush()
                for _ in range(999): time.sleep(1); self.wfile.write(b" "); self.wfile.flush()
                return
            if m == "huge":
                n = 2 << 30
                self.send_response(200); self.send_header("Content-Type","application/json"); self.send_header("Content-Length",str(n)); self.end_headers()
                chunk = b" " * 65536
                while n > 0: self.wfile.write(chunk); n -= len(chunk)
                return
            if m == "garbage":
                body = bytes((i * 7919) & 255 for i in range(4096))
                self.send_response(200); self.send_header("Content-Type","application/json"); self.send_header("Content-Length",str(len(body))); self.end_headers(); self.wfile.write(body); return
            if m == "503":
                self.send_response(503); self.send_header("Content-Length","0"); self.end_headers(); return
            if m == "429":
                self.send_response(429); self.send_header("Retry-After","86400"); self.send_header("Content-Length","0"); self.end_headers(); return
            # Healthy: Deezer's own answers for a catalog that lacks the songs.
            if self.path.startswith("/track/"):
                body = json.dumps({"error": {"type": "DataException", "message": "no data", "code": 800}}).encode()
            else:
                body = json.dumps({"data": [], "total": 0}).encode()
            self.send_response(200); self.send_header("Content-Type","application/json"); self.send_header("Content-Length",str(len(body))); self.end_headers(); self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass
class S(socketserver.ThreadingMixIn, http.server.HTTPServer): daemon_threads = True
S(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
