"""Real HTTP receivers on 127.0.0.1 for the channel tests. `Receiver` records every request (headers, raw body,
when) and answers from a script (500, 429 with retry_after, a redirect), then 204; it can go down and come back
on the same port. `DripReceiver` answers a byte at a time, as a hostile receiver holding a post open would."""

from __future__ import annotations

import json
import select
import socket
import ssl
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


@dataclass
class Post:
    """One post to the dripping receiver: its delivery id (X-Pitside-Delivery), when it came and when it ended
    (the client hung up, or it was answered)."""

    delivery: str
    came: float
    ended: float | None = None


class DripReceiver:
    """Answers each delivery's first post a byte at a time: `head` at once (a status line, or a whole head before
    its body), then one byte every `interval` seconds until the client hangs up (at most `longest` seconds). A
    delivery's later posts get a 204 at once. Over TLS with `tls` (a server context)."""

    def __init__(
        self,
        head: bytes = b"HTTP/1.1 200 OK\r\n",
        interval: float = 0.5,
        longest: float = 45.0,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.head, self.interval, self.longest, self.tls = head, interval, longest, tls
        self.posts: list[Post] = []
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._server.getsockname()[1])
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}/hook"

    @property
    def holding(self) -> int:
        """How many posts it holds open now."""
        return sum(post.ended is None for post in self.posts)

    def by_delivery(self) -> dict[str, list[Post]]:
        """Each delivery's posts, in the order they came."""
        posts: dict[str, list[Post]] = {}
        for post in sorted(self.posts, key=lambda p: p.came):
            posts.setdefault(post.delivery, []).append(post)
        return posts

    def close(self) -> None:
        self._server.close()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._server.accept()
            except OSError:  # closed
                return
            threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection: socket.socket) -> None:
        post: Post | None = None
        try:
            with connection if self.tls is None else self.tls.wrap_socket(connection, server_side=True) as conn:
                delivery = _request_headers(conn).get("x-pitside-delivery", "")
                with self._lock:
                    first = all(p.delivery != delivery for p in self.posts)
                    post = Post(delivery, time.monotonic())
                    self.posts.append(post)
                if first:
                    self._drip(conn)
                else:
                    conn.sendall(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        except OSError:  # the client hung up mid-answer
            pass
        finally:
            if post is not None:
                post.ended = time.monotonic()

    def _drip(self, conn: socket.socket) -> None:
        conn.sendall(self.head)
        until = time.monotonic() + self.longest
        while time.monotonic() < until:
            readable, _, _ = select.select([conn], [], [], self.interval)
            if readable and not conn.recv(1):  # the client hung up
                return
            conn.sendall(b"a")


def _request_headers(conn: socket.socket) -> dict[str, str]:
    """The request's headers (names lowercased), once its body is read too."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionResetError("the client left before its request was whole")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")[1:]
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    while len(body) < int(headers.get("content-length", 0)):
        body += conn.recv(65536)
    return headers


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


@contextmanager
def running_drip_receiver(**options: Any) -> Iterator[DripReceiver]:
    receiver = DripReceiver(**options)
    try:
        yield receiver
    finally:
        receiver.close()
