"""A real HTTP receiver on 127.0.0.1 for the channel tests: it records every request (headers, raw body, when)
and answers from a script (500, 429 with retry_after, a redirect), then 204; it can go down and come back
on the same port."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Answer:
    status: int
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)


class Receiver:
    def __init__(self) -> None:
        self.port = _free_port()
        self.received: list[Received] = []
        self.script: list[Answer] = []  # answered in turn; then 204
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def up(self) -> None:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.received.append(Received(self.path, dict(self.headers.items()), body, time.monotonic()))
                answer = receiver.script.pop(0) if receiver.script else Answer(204)
                data = json.dumps(answer.body).encode() if answer.body is not None else b""
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        ThreadingHTTPServer.allow_reuse_address = True
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def down(self) -> None:
        """Stop listening: a post is refused (connection refused) until `up` again."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_receiver(up: bool = True) -> Iterator[Receiver]:
    receiver = Receiver()
    if up:
        receiver.up()
    try:
        yield receiver
    finally:
        receiver.down()
