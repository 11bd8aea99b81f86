"""Page forms for the season calendar: they check the shape of the input; the services check the rules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms

from engine.slaughterball.schedule import GAME_SIZE, GAMES_PER_TEAM, PLAYOFF_SIZE, SMALLEST_GAME
from leagues.forms import new_idempotency_key, set_choices

DATETIME_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S"]


class DeadlineField(forms.DateTimeField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(
            input_formats=DATETIME_FORMATS,
            widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            **kwargs,
        )


def _choices(items: Iterable[tuple[Any, str]]) -> list[tuple[Any, str]]:
    return [(value, label) for value, label in items]


class SeasonCreateForm(forms.Form):
    name = forms.CharField(max_length=100)
    games_per_team = forms.IntegerField(min_value=1, max_value=50, initial=GAMES_PER_TEAM, label="Games per team")
    playoff_size = forms.IntegerField(
        min_value=SMALLEST_GAME, max_value=GAME_SIZE, initial=PLAYOFF_SIZE, label="Teams in the Slaughterbrawl"
    )
    starts_on = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}), label="Starts on")
    previous = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label="Linked to (previous season)",
        help_text="Linked Seasons: its teams carry on with their skills, traits, staff and treasury.",
    )

    def __init__(self, *args: Any, seasons: Iterable[Any] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "previous", [("", "Not linked"), *_choices((s.pk, s.name) for s in seasons)])


class SeasonStartForm(forms.Form):
    games_due = DeadlineField(label="Week 1 games due")


class WeekCreateForm(forms.Form):
    challenges_due = DeadlineField(label="Challenges due")
    games_due = DeadlineField(label="Games due")
    allow_unfinished = forms.BooleanField(required=False, label="Make it although some games are not confirmed")


class DeadlinesForm(forms.Form):
    challenges_due = DeadlineField(label="Challenges due")
    games_due = DeadlineField(label="Games due")


class ChallengeForm(forms.Form):
    """The challenge (or steal) of the coach whose turn it is: pick teams from checkboxes, those `teams` offers
    (rosters.selectors.team_choices) and accepts."""

    team = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**63 - 1)
    targets = forms.TypedMultipleChoiceField(coerce=int, widget=forms.CheckboxSelectMultiple, label="Teams")
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)

    def __init__(self, *args: Any, teams: Iterable[Any] = (), labels: dict[int, str] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).setdefault("idempotency_key", new_idempotency_key())
        super().__init__(*args, **kwargs)
        labels = labels or {}
        set_choices(self, "targets", _choices((t.pk, labels.get(t.pk, t.name)) for t in teams))


class RearrangeForm(forms.Form):
    team = forms.TypedChoiceField(coerce=int, label="Move team")
    to_game = forms.TypedChoiceField(coerce=int, label="Into game")
    swap_with = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Swapping with (optional)")
    reason = forms.CharField(max_length=200, required=False)
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, teams: Iterable[Any] = (), swap_teams: Iterable[Any] = (), games: Iterable[Any] = (), **kwargs: Any
    ) -> None:
        """`teams` and `swap_teams`: the teams each select offers (rosters.selectors.team_choices) and accepts."""
        kwargs.setdefault("initial", {}).setdefault("idempotency_key", new_idempotency_key())
        super().__init__(*args, **kwargs)
        set_choices(self, "team", _choices((t.pk, t.name) for t in teams))
        set_choices(self, "to_game", _choices((g.pk, f"Game {g.number}") for g in games))
        set_choices(self, "swap_with", [("", "Nobody"), *_choices((t.pk, t.name) for t in swap_teams)])


class AppealForm(forms.Form):
    team = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**63 - 1)
    reason = forms.CharField(max_length=1000, widget=forms.Textarea(attrs={"rows": 2}))


class AppealDecideForm(forms.Form):
    granted = forms.TypedChoiceField(coerce=lambda v: v == "yes", choices=[("yes", "Grant"), ("no", "Deny")])
    note = forms.CharField(max_length=200, required=False)


class MakeupGameForm(forms.Form):
    """The commissioner's makeup game: pick teams from checkboxes, those `teams` offers (rosters.selectors.team_choices)
    and accepts."""

    teams = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, label=f"Teams ({SMALLEST_GAME} to {GAME_SIZE})"
    )
    pays = forms.BooleanField(required=False, initial=True, label="Pays League Points and winnings")

    def __init__(self, *args: Any, teams: Iterable[tuple[Any, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "teams", _choices(teams))


class PlayoffCreateForm(forms.Form):
    allow_short = forms.BooleanField(
        required=False, label="Go ahead although some teams are short of games (they count last places)"
    )
