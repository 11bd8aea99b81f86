"""Blitz Bowl leagues (../shared/rules/blitz-bowl-season-2-rulebook.txt: League Rules, Coach Traits).

A short league of coaches, not of team rosters. Pure Python: frozen facts in, new facts or violations
out (engine.core.violations). The ruleset (``ruleset.RULESET``) states the rules of play of
engine.core.ruleset.PlayRules.

- ``traits``: the Coach Traits table (data/coach_traits.toml), the 2d8 roll and the choice of a trait
  not held.
- ``league``: Playing Matches (the match count, the pairing rule, legal opponents, the next round of
  legal pairings), the league table, the Finals (final, or quarter- and semi-finals) and the League Awards.
- ``match``: a match's result, its check and what it changes once confirmed (league points, a Coach
  Trait for each coach after a league match).
"""
