"""The statistics against figures computed by hand from five sessions."""

from __future__ import annotations

from datetime import date

from engine.slaughterville import statistics as st
from engine.slaughterville.ruleset import RULESET

LOC = ("camp", "church", "diner", "farm", "motel", "woods")
FARM_FIRST = ("farm", "camp", "church", "diner", "motel", "school")
SESSIONS = [
    # id, date, players, villain, locations, players won, turns
    st.SessionFacts(1, date(2026, 1, 3), ((1, "jock"), (2, "nerd")), "phantom", LOC, True, 10),
    st.SessionFacts(2, date(2026, 1, 10), ((1, "jock"), (2, "sheriff"), (3, "nerd")), "butcher", FARM_FIRST, False, 14),
    st.SessionFacts(3, date(2026, 1, 17), ((3, "priest"),), "phantom", LOC, False, 6),
    st.SessionFacts(4, date(2026, 1, 24), ((2, "jock"), (3, "nerd")), "butcher", FARM_FIRST, True, 14),
    st.SessionFacts(5, date(2026, 1, 31), ((1, "medium"), (2, "nerd")), "phantom", LOC, True, 6),
]


def rows(rates: list[st.WinRate[str]] | list[st.WinRate[int]]) -> list[tuple[object, int, int, int]]:
    return [(r.key, r.played, r.won, r.percent) for r in rates]


def test_win_rate_per_villain() -> None:
    # Phantom: sessions 1, 3, 5, won 1 and 5: 2 of 3 = 67 %. Butcher: 2 and 4, won 4: 1 of 2 = 50 %.
    assert rows(st.by_villain(SESSIONS)) == [("phantom", 3, 2, 67), ("butcher", 2, 1, 50)]


def test_win_rate_per_character() -> None:
    # nerd: 1, 2, 4, 5 (won 1, 4, 5) 3 of 4; jock: 1, 2, 4 (won 1, 4) 2 of 3; medium 5 won; sheriff 2 lost; priest 3 lost.
    assert rows(st.by_character(SESSIONS)) == [
        ("nerd", 4, 3, 75),
        ("jock", 3, 2, 67),
        ("medium", 1, 1, 100),
        ("priest", 1, 0, 0),
        ("sheriff", 1, 0, 0),
    ]


def test_win_rate_per_player_count() -> None:
    # 1 player: session 3, lost. 2 players: 1, 4, 5, all won. 3 players: session 2, lost.
    assert rows(st.by_player_count(SESSIONS)) == [(1, 1, 0, 0), (2, 3, 3, 100), (3, 1, 0, 0)]


def test_win_rate_per_location() -> None:
    # camp, church, diner, farm, motel: all five sessions, won 1, 4, 5: 3 of 5 = 60 %. woods: 1, 3, 5 (2 of 3).
    # school: 2 and 4 (1 of 2).
    assert rows(st.by_location(SESSIONS)) == [
        *[(slug, 5, 3, 60) for slug in ("camp", "church", "diner", "farm", "motel")],
        ("woods", 3, 2, 67),
        ("school", 2, 1, 50),
    ]


def test_member_records_in_order() -> None:
    # member 1: 1, 2, 5 -> won 2 of 3; member 2: 1, 2, 4, 5 -> won 3 of 4; member 3: 2, 3, 4 -> won 1 of 3.
    records = RULESET.standings_order(st.member_records(SESSIONS), {})
    assert [(r.member, r.played, r.won, r.lost, r.percent) for r in records] == [
        (2, 4, 3, 1, 75),
        (1, 3, 2, 1, 67),
        (3, 3, 1, 2, 33),
    ]


def test_longest_and_shortest_games_keep_every_tie() -> None:
    assert [s.id for s in st.longest(SESSIONS)] == [2, 4]
    assert [s.id for s in st.shortest(SESSIONS)] == [3, 5]
    assert st.longest([]) == []
    assert st.shortest([]) == []


def test_the_whole_statistics() -> None:
    stats = st.statistics(SESSIONS)
    assert (stats.sessions, stats.won) == (5, 3)
    assert st.statistics([]).villains == []


def test_a_percent_rounds_half_up() -> None:
    assert st.WinRate("x", 8, 1).percent == 13  # 12.5 %
    assert st.WinRate("x", 3, 1).percent == 33
