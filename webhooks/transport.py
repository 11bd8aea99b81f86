"""Posting to a URL a commissioner entered, and nowhere else: http(s) only, the host's addresses checked
after DNS resolution (no loopback, private, link-local or reserved address, nor an IPv6 address carrying
one on, unless WEBHOOKS_ALLOW_PRIVATE), the connection made to the address checked (a second resolution cannot
swap it), the whole post within one deadline, and no redirect followed (a 3xx is a failure)."""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import json
import socket
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

from django.conf import settings

SCHEMES = {"http": 80, "https": 443}
# IPv6 prefixes whose last 32 bits are an IPv4 address a packet is taken on to: IPv4-compatible (::a.b.c.d, RFC 4291),
# IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) and NAT64's well-known prefix (RFC 6052).
CARRYING_LAST_32_BITS = tuple(ipaddress.IPv6Network(prefix) for prefix in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96"))
# Local-use NAT64 (RFC 8215): never global, and where it carries the IPv4 address is each network's choice.
LOCAL_USE_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")
# What is read of an answer: enough for an error message or Discord's retry_after.
ANSWER_LIMIT = 4096
# getaddrinfo takes no timeout: names are looked up in these threads, and waited for until the deadline only.
_LOOKUPS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="webhooks-lookup")


class Refused(Exception):
    """A URL Pitside does not post to; the message says why."""


@dataclass(frozen=True)
class Answer:
    """What the receiver answered: `ok` for a 2xx; otherwise `error`, and `retry_after` seconds when it asked
    to wait (a 429: Discord's retry_after in the body, or a Retry-After header)."""

    ok: bool
    error: str = ""
    retry_after: float | None = None


def check_url(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path with query) of an http(s) URL; Refused otherwise. A literal address is checked here."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise Refused("Only http:// and https:// URLs with a host are posted to.")
    if parts.username or parts.password:
        raise Refused("A URL with a user name or password in it is not posted to.")
    try:
        port = parts.port or SCHEMES[parts.scheme]
    except ValueError:
        raise Refused("The URL's port is not a number.") from None
    with contextlib.suppress(ValueError):  # a name, checked once resolved
        _check_address(ipaddress.ip_address(parts.hostname))
    return parts.scheme, parts.hostname, port, (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _check_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> None:
    if getattr(settings, "WEBHOOKS_ALLOW_PRIVATE", False):
        return
    if address in LOCAL_USE_NAT64 or any(not reached.is_global or reached.is_multicast for reached in _reached(address)):
        raise Refused(f"{address} is a loopback, private, link-local or reserved address, or carries one: not posted to.")


def _reached(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The addresses a post to `address` reaches: an IPv4-mapped address's IPv4 one; otherwise the address, and the
    IPv4 address it carries on to through a translator or relay (the last 32 bits under a prefix that carries them
    there, 6to4's, or Teredo's server and client)."""
    if isinstance(address, ipaddress.IPv4Address):
        return [address]
    if address.ipv4_mapped:
        return [address.ipv4_mapped]
    if any(address in prefix for prefix in CARRYING_LAST_32_BITS):
        return [address, ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)]
    if address.sixtofour:
        return [address, address.sixtofour]
    if address.teredo:
        return [address, *address.teredo]
    return [address]


def _time_left(deadline: float) -> float:
    """Seconds left before the deadline; TimeoutError once it has passed."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the post's deadline passed")
    return left


def _resolved(host: str, port: int, deadline: float) -> str:
    """The address to connect to: every address the name resolves to must be allowed."""
    lookup = _LOOKUPS.submit(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    try:
        found = lookup.result(timeout=_time_left(deadline))
    except TimeoutError:
        lookup.cancel()
        raise
    except OSError as error:
        raise ConnectionError(f"Cannot resolve {host}: {error}") from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    for address in addresses:
        _check_address(address)
    return str(addresses[0])


class _DeadlineSocket(socket.socket):
    """A socket whose every wait ends by its post's deadline (a time.monotonic()): each read and write may take
    only the time left. A timeout per read would not do: http.client reads the status line and each header
    with reads of their own, so a receiver dripping a byte at a time could hold the post as long as it liked."""

    deadline = 0.0  # set once made; until then no time is left

    def wait_left(self) -> None:
        self.settimeout(_time_left(self.deadline))

    def recv_into(self, *args: Any, **kwargs: Any) -> int:
        self.wait_left()
        return super().recv_into(*args, **kwargs)

    def send(self, *args: Any, **kwargs: Any) -> int:
        self.wait_left()
        return super().send(*args, **kwargs)

    def sendall(self, *args: Any, **kwargs: Any) -> None:
        self.wait_left()
        super().sendall(*args, **kwargs)


class _DeadlineSSLSocket(_DeadlineSocket, ssl.SSLSocket):
    """The same over TLS (an SSLSocket reads and writes by its own methods; each call waits at most its timeout)."""


def _connected(address: str, port: int, deadline: float) -> _DeadlineSocket:
    sock = _DeadlineSocket(fileno=socket.create_connection((address, port), _time_left(deadline)).detach())
    sock.deadline = deadline
    return sock


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to the address checked, whatever the name resolves to now; the Host header keeps the name."""

    def __init__(self, host: str, port: int, address: str, deadline: float) -> None:
        super().__init__(host, port)
        self.address, self.deadline = address, deadline

    def connect(self) -> None:
        self.sock = _connected(self.address, self.port, self.deadline)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, deadline: float) -> None:
        context = ssl.create_default_context()
        context.sslsocket_class = _DeadlineSSLSocket
        super().__init__(host, port, context=context)
        self.address, self.deadline = address, deadline

    def connect(self) -> None:
        sock = _connected(self.address, self.port, self.deadline)
        sock.wait_left()  # the handshake's timeout
        tls = cast(_DeadlineSSLSocket, self._context.wrap_socket(sock, server_hostname=self.host))  # type: ignore[attr-defined]  # set by __init__
        tls.deadline = self.deadline
        self.sock = tls


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST `body` to `url`, all of it (the name's lookup, connecting, sending, the answer's head and body) within
    WEBHOOKS_TIMEOUT seconds. Raises Refused for a URL not to post to; any other failure is the Answer's."""
    scheme, host, port, path = check_url(url)
    timeout = float(settings.WEBHOOKS_TIMEOUT)
    deadline = time.monotonic() + timeout
    try:
        address = _resolved(host, port, deadline)
        connection_class = _PinnedHTTPSConnection if scheme == "https" else _PinnedHTTPConnection
        connection = connection_class(host, port, address, deadline)
        try:
            connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **headers})
            response = connection.getresponse()
            text = response.read(ANSWER_LIMIT)
        finally:
            connection.close()
    except TimeoutError:
        return Answer(ok=False, error=f"TimeoutError: no complete answer within {timeout:g} s")
    except (OSError, http.client.HTTPException) as failure:
        return Answer(ok=False, error=f"{type(failure).__name__}: {failure}"[:300])
    if 200 <= response.status < 300:
        return Answer(ok=True)
    status = f"HTTP {response.status} {response.reason}"
    if 300 <= response.status < 400:
        return Answer(ok=False, error=f"{status}: redirect to {response.getheader('Location', '?')} not followed"[:300])
    retry_after = _retry_after(text, response.getheader("Retry-After")) if response.status == 429 else None
    return Answer(ok=False, error=status[:300], retry_after=retry_after)


def _retry_after(body: bytes, header: str | None) -> float | None:
    """Discord's 429 says how long to wait in its JSON body (retry_after, seconds); others in Retry-After."""
    try:
        value = json.loads(body).get("retry_after")
        if isinstance(value, int | float) and value >= 0:
            return float(value)
    except (ValueError, AttributeError):
        pass
    try:
        return max(0.0, float(header)) if header else None
    except ValueError:
        return None
