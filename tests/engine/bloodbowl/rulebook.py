"""Death Zone tables copied from the printed page (blood-bowl-death-zone-league-rules.txt) for the
engine tests, kept apart from engine/bloodbowl/data so the tests compare the engine with the page."""

from __future__ import annotations


def _range(cell: str) -> tuple[int, int | None]:
    """'2-9' -> (2, 9); '10' -> (10, 10); '251+' -> (251, None); '1 or less' / '6 or more' likewise."""
    cell = cell.replace(",", "").replace("'s", "")
    if cell.endswith("+") or cell.endswith(" or more"):
        return int(cell.split()[0].rstrip("+")), None
    if cell.endswith(" or less"):
        return -99, int(cell.split()[0])
    low, _, high = cell.partition("-")
    return int(low), int(high or low)


SPP_TABLE = """\
Per Passing Completion		1 SPP
Per Casualty		2 SPP's
Per Blocked Kick		2 SPP's
Per Interception		2 SPP's
Per Field Goal		2 SPP's
Per Touchdown		3 SPP's
Per MVP Award		5 SPP's"""
SPP_KEYS = {"Passing Completion": "comp", "Casualty": "cas", "Blocked Kick": "bk", "Interception": "int",
            "Field Goal": "fg", "Touchdown": "td", "MVP Award": "mvp"}  # fmt: skip
SPP = {
    SPP_KEYS[line.split("\t")[0].removeprefix("Per ")]: int(line.split("\t")[-1].split()[0]) for line in SPP_TABLE.splitlines()
}

PROGRESSION = """\
0-5	Rookie	None
6-10	Experienced	One
11-25	Veteran	Two
26-50	Star Player	Three
51-100	Star Player	Four
101-150	Star Player	Five
151-250	Star Player	Six
251+	Star Player	Seven"""
BIG_GUY_PROGRESSION = """\
0-10	Rookie	None
11-20	Experienced	One
21-50	Veteran	Two
51-100	Star Player	Three
101-200	Star Player	Four
201-300	Star Player	Five
301-500	Star Player	Six
501+	Star Player	Seven"""
WORDS = {"None": 0, "One": 1, "Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6, "Seven": 7}


def progression(text: str) -> list[tuple[int, int | None, str, int]]:
    """(lowest SPP, highest SPP or None, title, rolls) per row."""
    rows = []
    for line in text.splitlines():
        spp, title, rolls = line.split("\t")
        rows.append((*_range(spp), title, WORDS[rolls]))
    return rows


SPR_TABLE = {(2, 9): "skill", (10, 10): "ma", (11, 11): "ag", (12, 12): "st"}  # New Skill, MA+1, AG+1, ST+1

AGING_TABLE = """\
2		Serious Concussion
3		Concussion
4		Bad Back
5		Brittle
6-8		I'm Getting Too Old For This!
9		AV-1
10		MA-1
11		AG-1
12		ST-1"""
AGING = [(*_range(line.split("\t")[0]), line.split("\t")[-1]) for line in AGING_TABLE.splitlines()]

HANDICAP_TABLE = """\
0-10		0
11-20		1
21-30		2
31-50		3
51-75		4
76-100		5
101+		6"""
HANDICAP = [(*_range(line.split("\t")[0]), int(line.split("\t")[-1])) for line in HANDICAP_TABLE.splitlines()]

MATCH_WINNINGS_TABLE = """\
The Gate	0-99	100-125	126-150	151-175	176-200	201-225	226-250	251-275	276-300	301+
0-20,000	+1	+0	-1	-2	-3	-4	-5	-6	-7	-8
20,001-40,000	+2	+1	+0	-1	-2	-3	-4	-5	-6	-7
40,001-60,000	+3	+2	+1	+0	-1	-2	-3	-4	-5	-6
60,001-80,000	+4	+3	+2	+1	+0	-1	-2	-3	-4	-5
80,001-100,000	+5	+4	+3	+2	+1	+0	-1	-2	-3	-4
100,001-120,000	+6	+5	+4	+3	+2	+1	+0	-1	-2	-3
120,001-140,000	+7	+6	+5	+4	+3	+2	+1	+0	-1	-2
140,001-160,000	+8	+7	+6	+5	+4	+3	+2	+1	+0	-1
160,001+	+9	+8	+7	+6	+5	+4	+3	+2	+1	+0"""
_winnings_lines = [line.split("\t") for line in MATCH_WINNINGS_TABLE.splitlines()]
RATING_BANDS = [_range(cell) for cell in _winnings_lines[0][1:]]
GATE_BANDS = [_range(line[0]) for line in _winnings_lines[1:]]
WINNINGS_MODIFIERS = [[int(cell) for cell in line[1:]] for line in _winnings_lines[1:]]

FAN_FACTOR_MODIFIERS = {"won": 1, "lost": -1, "scored_6_plus": 1, "inflicted_2_plus_casualties": 1,
                        "per_full_10_fan_factor": -1, "semi_final": 1, "final": 2}  # fmt: skip
