"""A rule checked on part of an input answers for the whole input: `paths_under` prefixes its violations' paths."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation, Violation, paths_under


def test_violations_raised_inside_name_their_paths_under_the_prefix():
    with pytest.raises(RuleViolation) as refused, paths_under("report."):
        raise RuleViolation(
            [
                Violation("score-negative", "home.score", "A score is 0 or more."),
                Violation("mvp-unknown", "away.mvp", "The MVP must be a player of the team."),
            ]
        )
    assert [(v.code, v.path, v.message) for v in refused.value.violations] == [
        ("score-negative", "report.home.score", "A score is 0 or more."),
        ("mvp-unknown", "report.away.mvp", "The MVP must be a player of the team."),
    ]


def test_other_errors_and_a_quiet_block_pass_through():
    with paths_under("report."):
        answer = 42
    assert answer == 42
    with pytest.raises(ValueError, match="not a rule"), paths_under("report."):
        raise ValueError("not a rule")
