"""A four-team Slaughterball league plays two weeks of a season in Chromium, one browser per person.

The commissioner creates and starts the season and draws week 1; the coaches hold the maverick
auction (dice rolled by the server: both outcomes are handled), choose athletes in the order the page
requires, submit and confirm the result; prize money is paid; a coach buys a skill in the post-game
window and is refused a second one; the commissioner makes week 2, whose challenge round the
lowest-ranked coach plays; week 2 is played the same way; the standings and both sheets (PDF) follow.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator

import pytest
from django.db.models import Sum
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from engine.core.money import TREASURY
from engine.slaughterball import auctions
from rosters.models import LedgerEntry, Team
from slaughterball.models import Auction, Bid, Game, GameSide, MaverickDraw, MaverickHire, Purchase, Season, Standing, Week
from tests.factories import PASSWORD, LeagueFactory, UserFactory, make_team

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LEAGUE = "Rustbelt League"
TEAMS = [  # (coach, team, Team Genetic Portfolio): four different portfolios
    ("ogre_coach", "Great Lakes Ogres", "carnage"),
    ("cabal_coach", "Venture Cabal", "nemesis"),
    ("hoplite_coach", "Olympian Hoplites", "swords-of-damocles"),
    ("bertha_coach", "Brutal Berthas", "valkyries"),
]
OGRES, CABAL, HOPLITES, BERTHAS = (name for _, name, _ in TEAMS)
# Distinct scores: League Points 3/2/1/0 each week. Totals after week 2: Hoplites 6, Ogres 3, Berthas 2, Cabal 1.
WEEK_1 = {"order": [OGRES, CABAL, HOPLITES, BERTHAS], "scores": {HOPLITES: 21, OGRES: 14, CABAL: 9, BERTHAS: 6}}
WEEK_2 = {"order": [BERTHAS, HOPLITES, OGRES, CABAL], "scores": {HOPLITES: 18, BERTHAS: 15, OGRES: 11, CABAL: 4}}
PRIZE_BASE, PRIZE_PER_LP, PRIZE_PER_TOKEN = 100_000, 100_000, 50_000
PRE_GAME = "Pre-game: maverick auction and athletes"
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


@pytest.fixture
def log_in(browser: Browser, live_server) -> Iterator[Callable[[str], Page]]:
    """A phone-sized browser of its own for each person, logged in through the login page."""
    contexts = []

    def page_for(username: str) -> Page:
        context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()
        return page

    yield page_for
    for context in contexts:  # before the database is flushed: no auction poll outlives the test
        context.close()


def treasury(team: Team) -> int:
    return LedgerEntry.objects.filter(team=team, account=TREASURY).aggregate(t=Sum("amount"))["t"] or 0


def open_season_page(page: Page) -> None:
    page.goto("/leagues/")
    page.get_by_role("link", name=LEAGUE).click()
    page.get_by_role("link", name="Seasons").click()
    page.get_by_role("link", name="Season 1", exact=True).click()


def start_season(boss: Page, league: str) -> None:
    """The commissioner creates Season 1 (the name the form suggests), starts it and makes week 1's draw."""
    boss.goto("/leagues/")
    boss.get_by_role("link", name=league).click()
    boss.get_by_role("link", name="Seasons").click()
    expect(boss.get_by_label("Name")).to_have_value("Season 1")
    boss.get_by_role("button", name="Create the season").click()
    expect(boss.get_by_text("Season 1 is open for sign-ups.")).to_be_visible()
    boss.get_by_role("button", name="Start Season 1").click()
    # It asks first, listing the unspent Support Staff Budgets it writes off.
    expect(boss.get_by_role("alertdialog")).to_contain_text("Support Staff Budget")
    boss.get_by_role("button", name="Start Season 1").click()
    expect(boss.get_by_role("heading", name=re.compile("Week 1"))).to_be_visible()
    boss.get_by_role("button", name="Make the draw").click()
    expect(boss.get_by_text("The draw is made and recorded.")).to_be_visible()


def follow_notification(page: Page, text: str) -> None:
    page.goto("/notifications/")
    page.get_by_role("link", name=re.compile(text)).first.click()


# --- The maverick auction ----------------------------------------------------------------------------------


def hold_auction(coaches: dict[str, Page], opener: str, game: Game, *, treasuries_empty: bool) -> MaverickHire | None:
    """`opener` (on the week page) opens the auction: the server rolls and stores the dice and draws the
    mavericks. If any were drawn, the coach whose turn it is puts one up, another coach bids and the lot
    closes (with empty treasuries the bid is refused and the maverick leaves); the other draws are
    returned to the box. Returns the hire, if any."""
    page = coaches[opener]
    page.locator(f"#game-{game.pk}").get_by_role("link", name=PRE_GAME).click()
    expect(page.get_by_role("heading", name="Maverick auction")).to_be_visible()
    page.get_by_role("button", name="Open the auction and roll the dice").click()
    expect(page.get_by_role("heading", name="Dice and draws")).to_be_visible()
    auction = Auction.objects.get(game=game)
    seed, dice = auction.seed, auction.dice
    page.reload()  # stored: reloading shows the same dice, never new ones
    expect(page.get_by_text(f"seed {seed}")).to_be_visible()
    auction.refresh_from_db()
    assert (auction.seed, auction.dice) == (seed, dice)
    assert Auction.objects.filter(game=game).count() == 1

    names = {side.team_id: side.team.name for side in game.sides.select_related("team")}
    rows = page.locator(".pregame-coach")
    expect(rows).to_have_count(len(names))
    for entry in auction.order:  # ascending Team Potential, each coach's stored die and knives
        knives = auctions.knives(dice[str(entry["team"])])
        row = rows.filter(has_text=entry["name"])
        expect(row.locator(".pregame-coach-dice")).to_contain_text(f"{knives} {'knife' if knives == 1 else 'knives'}")
    draws = list(MaverickDraw.objects.filter(auction=auction).order_by("position"))
    assert len(draws) == min(sum(auctions.knives(faces) for faces in dice.values()), 4)  # four mavericks in the box
    if not draws:
        expect(page.locator(".pregame-status")).to_contain_text("No maverick is left to put up")
        return None

    # The lowest Team Potential holding a draw puts a maverick up first.
    holders = {draw.team_id for draw in draws}
    nominator = names[next(entry["team"] for entry in auction.order if entry["team"] in holders)]
    expect(rows.filter(has_text=nominator)).to_contain_text("puts up next")
    mine = coaches[nominator]
    mine.goto(f"/games/{game.pk}/auction/")
    mine.locator(".pregame-coach", has_text=nominator).get_by_role("button", name="Put up for auction").first.click()
    lot = mine.locator("#current-lot")
    expect(lot).to_be_visible()
    maverick = lot.get_by_role("heading", level=2).inner_text().split(": ", 1)[1]

    # Bidding in turn: the coach who put it up first (he passes), then the others in ascending Team Potential.
    rotation = [nominator, *[names[entry["team"]] for entry in auction.order if names[entry["team"]] != nominator]]
    pass_turn(mine, game)
    bidder = rotation[1]
    bids = coaches[bidder]
    bids.goto(f"/games/{game.pk}/auction/")
    expect(bids.locator("#bid-turn")).to_contain_text(f"{bidder} bids or passes now", timeout=6_000)
    # The answer is read from the response itself: the room's poll may swap the errors away soon after.
    with bids.expect_response(re.compile(r"/lots/\d+/bid/$")) as answer:
        bids.get_by_role("button", name="+50,000: bid 50,000").click()
    if treasuries_empty:  # never above the bidder's treasury
        assert answer.value.status == 400
        assert "more than the team can pay: it has 0 credits free" in answer.value.text()
        assert not Bid.objects.filter(lot__auction=auction).exists()
        pass_turn(bids, game)
    else:
        assert answer.value.status == 200
        expect(bids.get_by_text("Your team has the highest bid.")).to_be_visible()
        expect(mine.locator(".pregame-high")).to_contain_text(f"50,000 by {bidder}", timeout=6_000)  # polled, no reload
    for name in rotation[2:]:  # nobody raises: the last pass closes the lot
        pass_turn(coaches[name], game)
    if not treasuries_empty:
        pass_turn(mine, game)
    lots = mine.locator("table.pregame-lots")
    expect(lots).to_contain_text(f"No bid: {maverick} leaves." if treasuries_empty else f"Hired by {bidder}")

    # Every other draw goes back to the box, by the coach who drew it.
    for draw in MaverickDraw.objects.filter(auction=auction, returned_at=None, lot=None).select_related("team"):
        holder = coaches[draw.team.name]
        holder.goto(f"/games/{game.pk}/auction/")
        row = holder.locator(".pregame-coach", has_text=draw.team.name)
        returned = row.locator(".badge", has_text="returned").count()
        row.get_by_role("button", name="Return to the box").first.click()
        expect(row.locator(".badge", has_text="returned")).to_have_count(returned + 1)
    expect(mine.locator(".pregame-status")).to_contain_text("No maverick is left to put up", timeout=6_000)
    hire = MaverickHire.objects.filter(game=game).first()
    if treasuries_empty:
        assert hire is None
    else:
        assert hire is not None
        assert (hire.team.name, hire.name, hire.price) == (bidder, maverick, 50_000)
        assert LedgerEntry.objects.filter(team=hire.team, account=TREASURY, amount=-50_000, reason__contains=maverick).exists()
    return hire


def pass_turn(page: Page, game: Game) -> None:
    """A coach passes from the auction room when his turn comes (the poll shows the button)."""
    page.goto(f"/games/{game.pk}/auction/")
    with page.expect_response(re.compile(r"/lots/\d+/pass/$")) as answer:
        page.get_by_role("button", name="Pass", exact=True).click(timeout=6_000)
    assert answer.value.status == 200


# --- Lineups, Pit Power and Edge tokens ---------------------------------------------------------------------


def choose_lineups(coaches: dict[str, Page], game: Game, hire: MaverickHire | None, *, try_out_of_turn: bool) -> list[str]:
    """Each coach, in the order the page gives (ascending League Rank), chooses and reveals six athletes
    (the hired maverick and five athletes for the team that hired one). Returns the order."""
    url = f"/games/{game.pk}/lineup/"
    first = next(iter(coaches.values()))
    first.goto(url)
    order = [item.split(" (")[0] for item in first.locator("ol.pregame-lineup-order > li").all_inner_texts()]
    assert sorted(order) == sorted(coaches)
    expect(first.locator("ol.pregame-lineup-order > li").first).to_contain_text("chooses first")
    if try_out_of_turn:  # the last in the order tries first: refused, naming who comes first
        page = coaches[order[-1]]
        page.goto(url)
        page.locator("input[name=athletes]").first.check()
        page.get_by_role("button", name="Choose and reveal").click()
        refused = page.get_by_role("alert")
        expect(refused).to_contain_text("Coaches choose in ascending order of League Rank")
        for name in order[:-1]:
            expect(refused).to_contain_text(name)
    for name in order:
        page = coaches[name]
        page.goto(url)
        expect(page.locator("ol.pregame-lineup-order > li", has_text=name)).to_contain_text(
            "chooses first" if name == order[0] else "choosing now"
        )
        athletes = 6
        if hire is not None and hire.team.name == name:
            page.locator("input[name=mavericks]").check()
            athletes = 5
        for index in range(athletes):
            page.locator("input[name=athletes]").nth(index).check()
        expect(page.locator("#lineup-power")).to_contain_text("6 of 6 chosen")
        page.get_by_role("button", name="Choose and reveal").click()
        expect(page.get_by_text("Athletes chosen and revealed.")).to_be_visible()
    return order


def check_pregame_figures(page: Page, game: Game) -> dict[str, GameSide]:
    """Pit Power (the six chosen + staff + mavericks) and the Underdog Bonus, stored and shown."""
    page.get_by_role("link", name=re.compile("Pit Power")).first.click()
    sides = {side.team.name: side for side in GameSide.objects.filter(game=game).select_related("team")}
    table = page.locator("table.pregame-summary")
    for name, side in sides.items():
        assert len(side.lineup) == 6
        assert side.pit_power == sum(entry["value"] for entry in side.lineup)
        # Underdog Bonus: one Edge token per full 500,000 of each higher opponent's lead.
        underdog = sum(max(other.pit_power - side.pit_power, 0) // 500_000 for other in sides.values())
        assert side.edge_tokens == underdog
        expect(table.get_by_role("row", name=re.compile(re.escape(name)))).to_contain_text(f"{side.pit_power:,}")
    return sides


# --- Results ------------------------------------------------------------------------------------------------


def fill_result(page: Page, order: list[str], scores: dict[str, int], unused: dict[str, int] | None = None) -> None:
    """The result form: each team's order of play and score, and its unused Edge tokens when given (else the 0 the
    form starts with)."""
    form = page.locator("#result-form")
    for position, name in enumerate(order, start=1):
        row = form.locator("li.results-row", has_text=name)
        row.get_by_label("Order of play").fill(str(position))
        row.get_by_label("Score").fill(str(scores[name]))
        if unused is not None:
            row.get_by_label("Unused Edge tokens").fill(str(unused[name]))
    form.get_by_role("button", name="Submit the result").click()


def expected_awards(scores: dict[str, int], unused: dict[str, int]) -> dict[str, tuple[int, int, int]]:
    """(place, League Points, prize money) for distinct scores: one LP per team defeated."""
    ranked = sorted(scores, key=scores.get, reverse=True)
    return {
        name: (place, 4 - place, PRIZE_BASE + PRIZE_PER_LP * (4 - place) + PRIZE_PER_TOKEN * unused[name])
        for place, name in enumerate(ranked, start=1)
    }


def check_result(page: Page, game: Game, awards: dict[str, tuple[int, int, int]]) -> None:
    """On the game page and in the database: places, League Points, the prize money ledger rows."""
    table = page.locator("table.results-sides")
    game.refresh_from_db()
    assert game.state == Game.State.CONFIRMED
    for name, (place, league_points, prize) in awards.items():
        row = table.get_by_role("row", name=re.compile(re.escape(name)))
        expect(row).to_contain_text(ORDINAL[place])
        expect(row).to_contain_text(f"{prize:,}")
        side = GameSide.objects.get(game=game, team__name=name)
        assert (side.place, side.league_points, side.prize_money) == (place, league_points, prize)
        paid = LedgerEntry.objects.filter(team=side.team, account=TREASURY, reason__startswith="Prize money", amount__gt=0)
        assert list(paid.filter(reason__contains=f"week {game.week.number},").values_list("amount", flat=True)) == [prize]


def unused_tokens(sides: dict[str, GameSide]) -> dict[str, int]:
    """Some tokens left unused, never more than each team received."""
    return {name: min(side.edge_tokens or 0, 2) for name, side in sides.items()}


# --- The journey ----------------------------------------------------------------------------------------------


def test_a_four_team_league_plays_two_weeks(log_in):
    commissioner = UserFactory(username="commissioner")
    league = LeagueFactory(name=LEAGUE, commissioner=commissioner)
    teams = {name: make_team(league, UserFactory(username=coach), name=name, portfolio=kind) for coach, name, kind in TEAMS}
    boss = log_in("commissioner")
    coaches = {name: log_in(coach) for coach, name, _ in TEAMS}

    # The commissioner creates the season, starts it and makes week 1's draw: one 4-team game.
    start_season(boss, LEAGUE)
    season = Season.objects.get(league=league)
    assert season.status == Season.Status.RUNNING
    week_1 = Week.objects.get(season=season, number=1)
    game_1 = Game.objects.get(week=week_1)
    assert {side.team.name for side in game_1.sides.all()} == set(teams)
    assert [draw["kind"] for draw in week_1.draws if draw.get("seed")]  # the draw's seed is recorded
    expect(boss.locator(f"#game-{game_1.pk}")).to_contain_text("4 teams")

    # Week 1's maverick auction: treasuries are empty before the first game, so no bid can win.
    follow_notification(coaches[OGRES], "plays game 1 against")
    hire_1 = hold_auction(coaches, OGRES, game_1, treasuries_empty=True)
    assert hire_1 is None

    # Lineups in ascending League Rank: all on 0 League Points, so ascending Team Potential.
    order = choose_lineups(coaches, game_1, hire_1, try_out_of_turn=True)
    assert order[0] == OGRES  # Team Potential 20,000,000
    assert order[-1] == HOPLITES  # Team Potential 22,800,000
    sides_1 = check_pregame_figures(coaches[order[-1]], game_1)

    # A coach submits the result from the game page; a result the engine refuses comes back first.
    submitter = coaches[OGRES]
    submitter.goto(f"/games/{game_1.pk}/")
    unused = unused_tokens(sides_1)
    favourite = max(sides_1, key=lambda name: sides_1[name].pit_power)  # the highest Pit Power gets no Edge token
    fill_result(submitter, WEEK_1["order"], WEEK_1["scores"], {**unused, favourite: 1})
    expect(submitter.get_by_role("alert")).to_contain_text(favourite)
    assert Game.objects.get(pk=game_1.pk).state == Game.State.SCHEDULED
    fill_result(submitter, WEEK_1["order"], WEEK_1["scores"], unused)
    expect(submitter.get_by_text("Result submitted: the other coaches are asked to confirm it.")).to_be_visible()

    # The three others confirm, each from the notification on the dashboard.
    for name in (CABAL, HOPLITES, BERTHAS):
        follow_notification(coaches[name], "submitted the result of Season 1, week 1, game 1")
        coaches[name].get_by_role("button", name="Confirm the result").click()
    last = coaches[BERTHAS]
    expect(last.get_by_text("every coach has, so it is confirmed and the prizes are paid")).to_be_visible()
    awards_1 = expected_awards(WEEK_1["scores"], unused)
    check_result(last, game_1, awards_1)
    for name, team in teams.items():
        assert treasury(team) == awards_1[name][2]  # the prize is all there is
    # Each team's page shows its treasury.
    last.locator("table.results-sides").get_by_role("link", name=HOPLITES).click()
    expect(last.locator("dl.balances")).to_contain_text(f"{awards_1[HOPLITES][2]:,}")

    # Post-game window: the Hoplites' #1, who played, learns one skill; a second skill is refused.
    buyer, team = coaches[HOPLITES], teams[HOPLITES]
    played = GameSide.objects.get(game=game_1, team=team).lineup
    athlete = team.athletes.get(pk=played[0]["id"])
    benched = team.athletes.exclude(pk__in=[entry["id"] for entry in played]).first()
    buyer.goto(f"/teams/{team.pk}/")
    buyer.get_by_role("row", name=re.compile(re.escape(athlete.name))).get_by_role("link", name="Spend").click()
    stale = buyer.context.new_page()  # the same page in a second tab, loaded before the purchase
    stale.goto(buyer.url)
    skills = buyer.locator("table.offers tbody tr").filter(has_not_text="trait increase")
    first_skill = skills.nth(0).locator(".offer-name").inner_text()  # the name, above the skill's rulebook text
    second_skill = skills.nth(1).locator(".offer-name").inner_text()
    skills.nth(0).get_by_role("button", name="Buy").click()
    buyer.get_by_role("alertdialog").get_by_role("button", name=re.compile(f"^Buy {re.escape(first_skill)} for")).click()
    expect(buyer.locator("#spend-panel").get_by_role("status")).to_contain_text(first_skill)
    expect(buyer.locator("table.offers", has_text=second_skill)).to_have_count(0)  # no longer offered
    stale.locator("table.offers tbody tr").filter(has_not_text="trait increase").nth(1).get_by_role("button", name="Buy").click()
    expect(stale.locator("#spend-panel")).to_contain_text(f"{athlete.name} has already learned a new skill since the last game")
    stale.close()
    purchase = Purchase.objects.get(team=team, kind=Purchase.Kind.SKILL)
    assert purchase.athlete == athlete
    assert purchase.game_side == GameSide.objects.get(game=game_1, team=team)  # bought in this game's window
    assert treasury(team) == awards_1[HOPLITES][2] - purchase.cost
    buyer.goto(f"/athletes/{benched.pk}/spend/")  # who did not play learns nothing
    expect(buyer.locator("#spend-panel")).to_contain_text(f"{benched.name} did not play in the last game")

    # The standings after week 1.
    boss.goto(f"/games/{game_1.pk}/")
    boss.get_by_role("link", name="Standings").click()
    ranking_1 = [HOPLITES, OGRES, CABAL, BERTHAS]
    expect(boss.locator("table.results-standings tbody tr")).to_have_count(4)
    for rank, name in enumerate(ranking_1, start=1):
        expect(boss.locator("table.results-standings tbody tr").nth(rank - 1)).to_contain_text(name)
    assert list(Standing.objects.filter(season=season, week=1).values_list("team__name", "league_points")) == [
        (name, awards_1[name][1]) for name in ranking_1
    ]

    # Week 2: the commissioner makes it; the lowest-ranked coach challenges the three others.
    open_season_page(boss)
    boss.get_by_role("button", name="Make the next week").click()
    expect(boss.get_by_role("heading", name=re.compile("Week 2"))).to_contain_text("Challenge round")
    expect(boss.locator("#round")).to_contain_text(f"It is {BERTHAS}'s turn")
    week_2 = Week.objects.get(season=season, number=2)
    challenger = coaches[BERTHAS]
    open_season_page(challenger)
    challenger.get_by_role("link", name="Week 2").click()
    form = challenger.locator("form.calendar-challenge-form")
    for name in (OGRES, CABAL, HOPLITES):
        form.get_by_label(re.compile(re.escape(name))).check()
    form.get_by_role("button", name="Challenge").click()
    expect(challenger.get_by_text("Every team has its game this week.")).to_be_visible()
    # The commissioner's week page, open all along, shows the new game without a reload (htmx polls it).
    expect(boss.locator("#week-live")).to_contain_text(f"{BERTHAS} — challenge into game 1", timeout=9_000)
    expect(boss.locator("#round")).to_contain_text("Every team has its game this week.")
    game_2 = Game.objects.get(week=week_2)
    assert {side.team.name for side in game_2.sides.all()} == set(teams)

    # Week 2 is played the same way; now the treasuries hold prize money, so a bid can win.
    follow_notification(coaches[HOPLITES], f"{BERTHAS} challenged {HOPLITES}")
    hire_2 = hold_auction(coaches, HOPLITES, game_2, treasuries_empty=False)
    order = choose_lineups(coaches, game_2, hire_2, try_out_of_turn=False)
    assert order == sorted(teams, key=lambda name: awards_1[name][1])  # ascending League Rank
    sides_2 = check_pregame_figures(coaches[order[-1]], game_2)
    unused = unused_tokens(sides_2)
    submitter = coaches[BERTHAS]
    submitter.goto(f"/games/{game_2.pk}/")
    fill_result(submitter, WEEK_2["order"], WEEK_2["scores"], unused)
    expect(submitter.get_by_text("Result submitted")).to_be_visible()
    follow_notification(coaches[HOPLITES], "submitted the result of Season 1, week 2, game 1")
    coaches[HOPLITES].get_by_role("button", name="Confirm the result").click()
    expect(coaches[HOPLITES].get_by_text("You confirmed the result.")).to_be_visible()
    boss.goto(f"/games/{game_2.pk}/")  # the commissioner approves instead of waiting for the last two
    boss.get_by_role("button", name="Approve the result").click()
    expect(boss.get_by_text("The result is approved and confirmed.")).to_be_visible()
    awards_2 = expected_awards(WEEK_2["scores"], unused)
    check_result(boss, game_2, awards_2)
    expect(boss.locator(".results-history")).to_contain_text("approved the result")
    for name, team in teams.items():
        spent = sum(Purchase.objects.filter(team=team).values_list("cost", flat=True))
        hired = hire_2.price if hire_2 is not None and hire_2.team_id == team.pk else 0
        assert treasury(team) == awards_1[name][2] + awards_2[name][2] - spent - hired

    # The standings after week 2 (the week 1 ranking kept), then the two sheets as PDF.
    totals = {name: awards_1[name][1] + awards_2[name][1] for name in teams}
    ranking_2 = sorted(teams, key=totals.get, reverse=True)
    assert ranking_2 == [HOPLITES, OGRES, BERTHAS, CABAL]
    boss.get_by_role("link", name="Standings").click()
    expect(boss.get_by_role("heading", name="After week 2")).to_be_visible()
    rows = boss.locator("table.results-standings tbody tr")
    for rank, name in enumerate(ranking_2, start=1):
        expect(rows.nth(rank - 1)).to_contain_text(name)
        expect(rows.nth(rank - 1).locator("td").nth(3)).to_have_text(str(totals[name]))
    assert list(Standing.objects.filter(season=season, week=2).values_list("team__name", "league_points")) == [
        (name, totals[name]) for name in ranking_2
    ]
    boss.get_by_role("link", name="Week 1", exact=True).click()
    expect(boss.get_by_role("heading", name="After week 1")).to_be_visible()
    expect(boss.locator("table.results-standings tbody tr").first).to_contain_text(HOPLITES)

    # Game Record Sheets: teams in order of play with Pit Power, Edge tokens, score, place, prize, LPs earned.
    records = pdf_text(boss, "All Game Record Sheets (PDF)")
    assert "GAME RECORD SHEET" in records.upper()
    for week, figures, awards in ((WEEK_1, sides_1, awards_1), (WEEK_2, sides_2, awards_2)):
        lines = [
            f"{name} {figures[name].pit_power:,} {figures[name].edge_tokens} {week['scores'][name]} "
            f"{ORDINAL[awards[name][0]]} {awards[name][2]:,} {awards[name][1]}"
            for name in week["order"]
        ]
        assert "\n".join(lines) in records, lines
    # League Ranking Sheet: one column per week, the most League Points in the first row.
    ranking = pdf_text(boss, "Ranking Sheet (PDF)")
    assert "LEAGUE RANKING SHEET" in ranking.upper()
    assert "Rank Week 1 Week 2" in ranking
    for rank, (first, second) in enumerate(zip(ranking_1, ranking_2, strict=True), start=1):
        assert f"{rank} {first} {awards_1[first][1]} LP {second} {totals[second]} LP" in ranking


def pdf_text(page: Page, link: str) -> str:
    """Chromium shows an inline PDF in its viewer: fetch the link's target with the page's session."""
    response = page.request.get(page.get_by_role("link", name=link).get_attribute("href"))
    assert response.headers["content-type"] == "application/pdf"
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
