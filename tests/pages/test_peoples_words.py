"""Pages and sheets speak people's words: walking the demo leagues' pages (every link from the home page, as the
commissioner and as a coach) finds no engine key shown as text (`cancel-card`, `dirty_tricks`, `automatic-carve`)
and no "GAPS". A key shown on purpose, as what a file or an input takes, is set as code (`<code>`), or is the text
of an input (`<textarea>`): those are not read."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from bloodbowl.models import Match
from leagues.models import League
from slaughterball.services.teams import purchase_make
from tests.pages import crawl
from tests.slaughterball.results.helpers import make_game, make_season

pytestmark = pytest.mark.django_db

# An engine key: words joined by underscores, or by hyphens; "GAPS", the rulebook notes' file.
KEY = re.compile(r"(?<![\w/.-])[A-Za-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w/-])|\bGAPS\b")
# Words people write with a hyphen.
ENGLISH = {
    "sign-ups", "re-roll", "re-rolls", "e-mail", "tie-breaker", "tie-breakers", "log-in", "play-off", "play-offs",
    "semi-finals", "round-robin", "head-to-head", "commissioners-only", "one-for-one", "lower-case", "kick-off",
    "pre-match", "pre-game", "first-week", "lower-rated", "lowest-ranked",
}  # fmt: skip
UNREAD = {"script", "style", "code", "textarea", "pre"}


class _Page(HTMLParser):
    """A page's text, as `KEY` sees it."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.unread = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.unread += tag in UNREAD
        named = dict(attrs)
        self.text += [named[a] or "" for a in ("title", "aria-label", "placeholder", "alt") if named.get(a)]

    def handle_endtag(self, tag: str) -> None:
        self.unread -= tag in UNREAD

    def handle_data(self, data: str) -> None:
        if not self.unread:
            self.text.append(data)


def walk(client: Client, start: str = "/", limit: int = 400) -> tuple[dict[str, set[str]], set[str]]:
    """Every page reached by links from `start` (tests.pages.crawl.walk): the keys each word was seen on."""
    seen: set[str] = set()
    keys: dict[str, set[str]] = defaultdict(set)
    for url, html in crawl.walk(client, start, limit=limit):
        seen.add(url)
        page = _Page()
        page.feed(html)
        for word in KEY.findall(" ".join(page.text)):
            if word.lower() not in ENGLISH:
                keys[word].add(url)
    return keys, seen


@pytest.fixture
def demo() -> League:
    """The demo leagues, with a Slaughterball game (a team with a mascot, whose Cancel Card token the pre-game shows)
    and a Blood Bowl match whose Special Play Cards are chosen."""
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
    return league


def test_the_demo_leagues_pages_show_no_engine_key_and_no_gaps(demo):
    seen: set[str] = set()
    for username in ("commissioner", "coach1"):  # the settings pages; a coach's own pages (his spending)
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        keys, walked = walk(client)
        assert not keys, (username, {word: sorted(urls)[:3] for word, urls in keys.items()})
        seen |= walked

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
