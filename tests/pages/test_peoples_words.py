"""Pages and sheets speak people's words: walking the demo leagues' pages (every link from the home page, as the
commissioner and as a coach) finds no engine key shown as text (`cancel-card`, `dirty_tricks`, `automatic-carve`)
and no "GAPS" (tests/words.py), nor does the text of a sheet (a PDF) of each kind linked. A key shown on purpose, as
what a file or an input takes, is set as code (`<code>`), or is the text of an input (`<textarea>`): those are not
read."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import resolve
from pypdf import PdfReader

from bloodbowl.models import Match
from leagues.models import League
from pitfighter import services as pit
from pitfighter.models import Fighter
from slaughterball.services.teams import purchase_make
from tests.pages import crawl
from tests.sheets.test_every_pdf import OBJECT_OF
from tests.slaughterball.results.helpers import make_game, make_season
from tests.words import engine_keys

pytestmark = pytest.mark.django_db

UNREAD = {"script", "style", "code", "textarea", "pre"}


class _Page(HTMLParser):
    """A page's text (what is read, as `KEY` sees it) and its links."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.links: list[str] = []
        self.unread = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.unread += tag in UNREAD
        named = dict(attrs)
        if tag == "a" and named.get("href"):
            self.links.append(named["href"] or "")
        self.text += [named[a] or "" for a in ("title", "aria-label", "placeholder", "alt") if named.get(a)]

    def handle_endtag(self, tag: str) -> None:
        self.unread -= tag in UNREAD

    def handle_data(self, data: str) -> None:
        if not self.unread:
            self.text.append(data)


def walk(client: Client, start: str = "/", limit: int = 400) -> tuple[dict[str, set[str]], set[str], set[str]]:
    """Every page reached by links from `start` (tests.pages.crawl.walk): the pages each key was seen on, the pages
    walked and the sheets (PDFs) linked."""
    seen: set[str] = set()
    sheets: set[str] = set()
    keys: dict[str, set[str]] = defaultdict(set)
    for url, html in crawl.walk(client, start, limit=limit):
        seen.add(url)
        page = _Page()
        page.feed(html)
        for word in engine_keys(" ".join(page.text)):
            keys[word].add(url)
        for link in page.links:
            parts = urlsplit(link)
            if not parts.netloc and parts.path.startswith("/") and parts.path.endswith(".pdf"):
                sheets.add(parts.path)
    return keys, seen, sheets


@pytest.fixture
def demo() -> League:
    """The demo leagues, with a Slaughterball game (a team with a mascot, whose Cancel Card token the pre-game shows),
    a Blood Bowl match whose Special Play Cards are chosen, and a confirmed Pit Fighter combat with critical damage
    (its page and its fighters' rosters show it)."""
    call_command("seed_demo", password="demo-password", stdout=io.StringIO())
    league = League.objects.get(game_system="slaughterball")
    teams = list(league.teams.order_by("pk"))
    purchase_make(team_id=teams[0].pk, user=teams[0].coach, kind="staff", item="mascot")
    make_game(make_season(league, teams), teams, week=1)
    bloodbowl = League.objects.get(game_system="bloodbowl")
    home, away = bloodbowl.teams.order_by("pk")
    coach = Client()
    coach.force_login(home.coach)
    coach.post(f"/bloodbowl/leagues/{bloodbowl.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get(league=bloodbowl)
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    cards = match.sides.get(team=home).special_play_cards
    assert coach.post(f"/bloodbowl/matches/{match.pk}/cards/", {"deck-dirty_tricks": str(cards)}).status_code == 302
    assert f"{cards} \N{MULTIPLICATION SIGN} Dirty Tricks" in coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    grimgor, karl = Fighter.objects.get(name="Grimgor"), Fighter.objects.get(name="Karl")
    combat = pit.combat_create(
        league_id=grimgor.stable.league_id,
        user=grimgor.stable.coach,
        style="free",
        fighters=[{"fighter": grimgor.pk}, {"fighter": karl.pk}],
    )
    criticals = [
        {"chart": "leg", "result": "leg-hurt", "by": grimgor.pk},
        {"chart": "head", "result": "stunned-scar", "by": grimgor.pk, "scar": 4},
    ]
    lines = [
        {"fighter": grimgor.pk, "taken_down_by": None, "wounds_left": False, "criticals": []},
        {"fighter": karl.pk, "taken_down_by": grimgor.pk, "wounds_left": False, "criticals": criticals},
    ]
    pit.result_submit(combat_id=combat.pk, user=grimgor.stable.coach, report={"fighters": lines, "winner": grimgor.pk})
    pit.result_confirm(combat_id=combat.pk, user=karl.stable.coach)
    return league


def sheet_text(client: Client, url: str, capture) -> str:
    """A sheet's PDF as its text; a big one is rendered (eagerly) after commit, as its preparing page waits for."""
    with capture(execute=True):
        response = client.get(url)
    if response.status_code == 202:
        response = client.get(url)
    assert response["Content-Type"] == "application/pdf", url
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages)


def test_the_demo_leagues_pages_and_sheets_show_no_engine_key_and_no_gaps(demo, django_capture_on_commit_callbacks):
    seen: set[str] = set()
    linked: dict[str, str] = {}  # a sheet of each kind linked (url name -> its path)
    for username in ("commissioner", "coach1"):  # the settings pages; a coach's own pages (his spending)
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        keys, walked, sheets = walk(client)
        assert not keys, (username, {word: sorted(urls)[:3] for word, urls in keys.items()})
        seen |= walked
        for path in sorted(sheets):
            linked.setdefault(str(resolve(path).url_name), path)

    # A sheet of each kind, and both fighters' rosters of the combat: in words, their critical damage too.
    grimgor, karl = Fighter.objects.get(name="Grimgor"), Fighter.objects.get(name="Karl")
    fighters = {f"/pitfighter/fighters/{fighter.pk}/roster.pdf" for fighter in (grimgor, karl)}
    client = Client()
    client.force_login(get_user_model().objects.get(username="coach1"))
    texts = {path: sheet_text(client, path, django_capture_on_commit_callbacks) for path in {*linked.values(), *fighters}}
    for path, text in texts.items():
        assert not engine_keys(text), (path, engine_keys(text))
    assert set(linked) == set(OBJECT_OF)  # every kind of sheet there is
    karl_sheet = " ".join(texts[f"/pitfighter/fighters/{karl.pk}/roster.pdf"].split())
    assert "Leg: Leg Hurt; Head: Stunned & Scar (scar 4)" in karl_sheet
    assert "Nobody: still standing" in " ".join(texts[f"/pitfighter/fighters/{grimgor.pk}/roster.pdf"].split())
    [combat] = [path for path in seen if re.fullmatch(r"/pitfighter/combats/\d+/", path)]
    page = client.get(combat).content.decode()
    assert "Leg: Leg Hurt; Head: Stunned &amp; Scar (scar 4)" in page
    assert "Nobody: still standing" in page

    # The walk reached every kind of page: each game system's, a team, its sheet and its spending, the sign-up,
    # the settings, a game's pre-game, a Blood Bowl match.
    team = demo.teams.order_by("pk").first()
    for path in (f"/leagues/{demo.pk}/", f"/leagues/{demo.pk}/settings/", f"/leagues/{demo.pk}/teams/new/"):
        assert path in seen
    for path in (f"/teams/{team.pk}/", f"/teams/{team.pk}/roster/"):
        assert path in seen
    for pattern in (
        r"/athletes/\d+/spend/",
        r"/games/\d+/pregame/",
        r"/bloodbowl/matches/\d+/",
        r"/pitfighter/.+",
        r"/blitzbowl/.+",
    ):
        assert any(re.fullmatch(pattern, path) for path in seen), pattern
    assert any(re.fullmatch(r"/slaughterville/.+", path) for path in seen)
