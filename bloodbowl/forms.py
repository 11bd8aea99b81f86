"""Page forms for Blood Bowl leagues and teams: they check the shape of the input; the services check the rules."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms

from engine.bloodbowl import teamlists
from engine.bloodbowl.standings import TIE_BREAKERS
from leagues.forms import CreditsField, LeagueSettingsForm, set_choices
from pitside.errors import DomainError
from pitside.forms import DataFileForm, autofocus_first_error_of

PLAYER_ERROR = re.compile(r"^players\[(\d+)\]\.(\w+)$")
TIE_BREAKER_PLACES = len(TIE_BREAKERS)
MAX_TEXT = teamlists.MAX_BYTES  # characters of a team lists file (the engine counts its bytes)


class SettingsForm(LeagueSettingsForm):
    """General settings: name, sign-ups and the ruleset's options (starting budget, standings, switches)."""

    starting_budget = CreditsField(
        min_value=1,
        label="Starting budget (gold pieces)",
        help_text="What a new team may spend on players, re-rolls, Fan Factor and coaching staff.",
    )
    points_win = forms.IntegerField(min_value=0, label="Standings points for a win")
    points_draw = forms.IntegerField(min_value=0, label="Standings points for a draw")
    points_loss = forms.IntegerField(min_value=0, label="Standings points for a loss")
    option_keys = ("starting_budget", "points_win", "points_draw", "points_loss")
    note = (
        "Blood Bowl (Death Zone). The rulebook prints no league standings: points per result and the "
        "tie-breakers, in order, are this league's choice."
    )

    def __init__(self, *args: Any, switches: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(*args, switches=switches, **kwargs)
        choices = [("", "none"), *TIE_BREAKERS.items()]
        for place in range(1, TIE_BREAKER_PLACES + 1):
            self.fields[f"tie_breaker_{place}"] = forms.ChoiceField(choices=choices, required=False, label=f"Tie-breaker {place}")

    @classmethod
    def initial_for(cls, league: Any, options: Mapping[str, Any]) -> dict[str, Any]:
        breakers = {f"tie_breaker_{i}": slug for i, slug in enumerate(options["tie_breakers"], start=1)}
        return {**super().initial_for(league, options), **breakers}

    def options(self) -> dict[str, Any]:
        breakers = [self.cleaned_data[f"tie_breaker_{i}"] for i in range(1, TIE_BREAKER_PLACES + 1)]
        return {**super().options(), "tie_breakers": [b for b in breakers if b]}


class TeamListsForm(DataFileForm):
    """The league's team lists, as YAML or CSV."""

    formats = [("yaml", "YAML"), ("csv", "CSV")]
    max_text = MAX_TEXT


class TeamForm(forms.Form):
    name = forms.CharField(max_length=80, label="Team name")
    race = forms.ChoiceField()
    rerolls = forms.IntegerField(min_value=0, max_value=20, initial=0, label="Team Re-rolls")
    fan_factor = forms.IntegerField(min_value=0, max_value=20, initial=1, label="Fan Factor")
    apothecary = forms.BooleanField(required=False, label="Apothecary")
    assistant_coaches = forms.IntegerField(min_value=0, max_value=20, initial=0, label="Assistant Coaches")
    cheerleaders = forms.IntegerField(min_value=0, max_value=20, initial=0, label="Cheerleaders")

    def __init__(self, *args: Any, races: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "race", [("", "Choose a race"), *races.items()])


class PlayerRowForm(forms.Form):
    position = forms.ChoiceField(required=False)
    name = forms.CharField(max_length=60, required=False)
    number = forms.IntegerField(min_value=0, max_value=99, required=False, label="#")

    def __init__(self, *args: Any, positions: list[tuple[str, list[tuple[str, str]]]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "position", [("", "Position"), *positions])
        self.fields["position"].widget.attrs["class"] = "player-position"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.has_changed():
            for key in ("position", "name", "number"):
                if data.get(key) in (None, ""):
                    self.add_error(key, "Fill in the position, name and number, or leave the row empty.")
        return data


class TeamSignupForms:
    """The team form plus one player row per roster place. An empty row is not sent; the service's
    errors ("players[3].number") go back to the row they came from."""

    prefix = "players"

    def __init__(
        self, data: Any, *, races: Mapping[str, str], positions: list[tuple[str, list[tuple[str, str]]]], rows: int
    ) -> None:
        self.team = TeamForm(data, races=races)
        formset_class = forms.formset_factory(PlayerRowForm, extra=rows, max_num=rows, absolute_max=rows, validate_max=True)
        self.players = formset_class(data, prefix=self.prefix, form_kwargs={"positions": positions})
        self.errors: list[str] = []  # about the team as a whole
        self.sent_rows: list[int] = []
        # Whether the team's own errors (errors_focus) or the roster's (roster_focus) are the page's first.
        self.errors_focus = self.roster_focus = False

    def is_valid(self) -> bool:
        team_ok = self.team.is_valid()
        players_ok = self.players.is_valid()
        return team_ok and players_ok

    def team_data(self) -> dict[str, Any]:
        self.sent_rows = [i for i, row in enumerate(self.players.forms) if row.has_changed()]
        players = [
            {key: self.players.forms[i].cleaned_data[key] for key in ("position", "name", "number")} for i in self.sent_rows
        ]
        return {**self.team.cleaned_data, "players": players}

    def apply_errors(self, error: DomainError) -> None:
        for item in error.items:
            match = PLAYER_ERROR.match(item.field)
            if match and int(match[1]) < len(self.sent_rows):
                row = self.players.forms[self.sent_rows[int(match[1])]]
                row.add_error(match[2] if match[2] in row.fields else None, item.message)
            elif item.field in self.team.fields:
                self.team.add_error(item.field, item.message)
            else:
                self.errors.append(item.message)  # the roster as a whole, a house value, the budget

    def focus_first_error(self) -> None:
        first = autofocus_first_error_of([self.errors, self.team, [str(e) for e in self.players.non_form_errors()], self.players])
        self.errors_focus, self.roster_focus = first == 0, first == 2

    @property
    def has_errors(self) -> bool:
        return bool(self.team.errors or self.players.total_error_count() or self.errors)


class PurchaseForm(forms.Form):
    kind = forms.ChoiceField(
        choices=[
            ("player", "a player"),
            ("reroll", "a Team Re-roll"),
            ("apothecary", "an Apothecary"),
            ("assistant_coach", "an Assistant Coach"),
            ("cheerleader", "a Cheerleader"),
        ],
        widget=forms.HiddenInput,
    )
    position = forms.CharField(max_length=40, required=False)
    name = forms.CharField(max_length=60, required=False)
    number = forms.IntegerField(min_value=0, max_value=99, required=False, label="#")
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)


class RetireForm(forms.Form):
    as_assistant_coach = forms.BooleanField(required=False, label="Stays on as an Assistant Coach (free)")
