"""A walk of the site's pages as one user sees them (the Django test client, no browser): every page reached by links
from a start, each path once, and the forms on each page as a browser would send them."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.test import Client
from django.urls import Resolver404, resolve

NOT_WALKED = ("/api/", "/admin/", "/media/", "/static/")
FILES = (".ics", ".pdf", ".yaml", ".csv", ".json")


def walk(client: Client, start: str = "/", *, limit: int = 400, per_page: int | None = None) -> Iterator[tuple[str, str]]:
    """Each HTML page (200) reached by links from `start`, as (path, html): each path once, without its query, in
    the order found; at most `limit` pages asked for, and from each page at most `per_page` links to pages of one URL
    name (a team's athletes, a league's matches) when given, so that a site of many teams is walked in bounded time,
    through each of its leagues. Every answer is below 500."""
    seen: set[str] = set()
    queue = deque([start])
    while queue and len(seen) < limit:
        path = queue.popleft()
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        assert response.status_code < 500, path
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        yield path, html
        links = _Links()
        links.feed(html)
        followed: Counter[str] = Counter()
        for link in links.found:
            parts = urlsplit(urljoin(path, link))
            inside = not parts.netloc and parts.path.startswith("/") and not parts.path.startswith(NOT_WALKED)
            if not inside or parts.path.endswith(FILES) or parts.path in seen:
                continue
            name = url_name(parts.path)
            if per_page is None or followed[name] < per_page:
                followed[name] += 1
                queue.append(parts.path)


def url_name(path: str) -> str:
    """The URL name a path resolves to ("" for none)."""
    try:
        return resolve(path).url_name or ""
    except Resolver404:
        return ""


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


@dataclass
class Form:
    """A <form method="post">: its action (the page's own path when it names none), the fields a browser sends
    as they stand (checked boxes, each select's chosen option, the first one when none is; no file) and the empty
    ones, and its named submit buttons (each sends its name and value)."""

    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)
    unnamed_submit: bool = False


def post_forms(path: str, html: str) -> list[Form]:
    """The page's POST forms."""
    parser = _Forms(path)
    parser.feed(html)
    return parser.forms


class _Forms(HTMLParser):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, list[tuple[str, bool]]] | None = None
        self.textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "form":
            if named.get("method", "").lower() == "post":
                self.form = Form(urlsplit(urljoin(self.path, named.get("action") or self.path)).path)
            return
        form = self.form
        if form is None:
            return
        name = named.get("name", "")
        kind = named.get("type", "submit" if tag == "button" else "text").lower()
        if tag == "button" or (tag == "input" and kind == "submit"):
            if kind == "submit" and name:
                form.buttons.append((name, named.get("value", "")))
            elif kind == "submit":
                form.unnamed_submit = True
        elif tag == "input" and name and kind != "file":
            if kind in ("checkbox", "radio"):
                if "checked" in named:
                    form.fields.append((name, named.get("value", "on")))
            elif named.get("value"):
                form.fields.append((name, named["value"]))
            else:
                form.empty.append(name)
        elif tag == "select" and name:
            self.select = (name, [])
        elif tag == "option" and self.select is not None:
            self.select[1].append((named.get("value", ""), "selected" in named))
        elif tag == "textarea" and name:
            self.textarea = (name, [])

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        form = self.form
        if tag == "form" and form is not None:
            self.forms.append(form)
            self.form = None
        elif tag == "select" and self.select is not None and form is not None:
            name, options = self.select
            chosen = [value for value, selected in options if selected] or [value for value, _ in options[:1]]
            form.fields += [(name, value) for value in chosen if value]
            form.empty += [] if any(chosen) else [name]
            self.select = None
        elif tag == "textarea" and self.textarea is not None and form is not None:
            name, text = self.textarea
            content = "".join(text).strip()
            if content:
                form.fields.append((name, content))
            else:
                form.empty.append(name)
            self.textarea = None
