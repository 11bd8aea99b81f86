"""Page forms of Slaughterville groups: they check the shape of the input; the engine checks the rules."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone

from engine.slaughterville import catalogue
from engine.slaughterville.sessions import LOCATIONS_IN_PLAY, MAX_PLAYERS
from leagues.forms import LeagueSettingsForm, new_idempotency_key
from pitside.forms import DataFileForm
from rosters.forms import NameSignupForm

MAX_TEXT = catalogue.MAX_BYTES  # characters of a catalogue file (the engine counts its bytes)
RANDOM = "random"  # the character choice "dealt at random"


class SettingsForm(LeagueSettingsForm):
    note = "Slaughterville has no league rules: a group keeps its catalogue and a log of its sessions."


class CatalogueForm(DataFileForm):
    """The group's catalogue, as YAML or JSON."""

    formats = [("yaml", "YAML"), ("json", "JSON")]
    max_text = MAX_TEXT
    text_label = "Or type, paste or edit the catalogue"


class JoinForm(NameSignupForm):
    """Joining a group: the name a member plays by."""

    name = forms.CharField(max_length=100, label="The name you play by in this group")


class SessionLogForm(forms.Form):
    """A session's log: up to six player rows (member and character, or dealt at random), the villain, the six
    locations in order, the first player and the end. Empty player rows are left out."""

    played_on = forms.DateField(label="Played on", widget=forms.DateInput(attrs={"type": "date"}))
    villain = forms.ChoiceField(label="Villain")
    first_player = forms.TypedChoiceField(coerce=int, label="First player")
    outcome = forms.ChoiceField(choices=[("players", "The players won"), ("villain", "The villain won")], label="Outcome")
    turns = forms.IntegerField(label="Turns played")
    clues = forms.IntegerField(label="Clues found")
    defeated = forms.IntegerField(label="Characters defeated")
    notes = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs={"rows": 3}))
    idempotency_key = forms.CharField(widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        members: list[tuple[int, str]],
        characters: list[tuple[str, str]],
        villains: list[tuple[str, str]],
        locations: list[tuple[str, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.initial.setdefault("played_on", timezone.localdate())
        self.initial.setdefault("idempotency_key", new_idempotency_key())
        member_choices = [("", "-"), *members]
        for seat in range(1, MAX_PLAYERS + 1):
            self.fields[f"player_{seat}"] = forms.TypedChoiceField(
                coerce=int, required=False, choices=member_choices, label=f"Player {seat}"
            )
            self.fields[f"character_{seat}"] = forms.ChoiceField(
                required=False, choices=[(RANDOM, "Dealt at random"), *characters], label=f"Character {seat}"
            )
        for place in range(1, LOCATIONS_IN_PLAY + 1):
            self.fields[f"location_{place}"] = forms.ChoiceField(
                required=False, choices=[("", "-"), *locations], label=f"Location {place}"
            )
        self.fields["villain"].choices = [("", "-"), *villains]  # type: ignore[attr-defined]
        self.fields["first_player"].choices = member_choices  # type: ignore[attr-defined]

    def player_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"player_{seat}"], self[f"character_{seat}"]) for seat in range(1, MAX_PLAYERS + 1)]

    def location_fields(self) -> list[forms.BoundField]:
        return [self[f"location_{place}"] for place in range(1, LOCATIONS_IN_PLAY + 1)]

    def log(self) -> dict[str, Any]:
        """The service's arguments (session_log_create), from the cleaned data."""
        data = self.cleaned_data
        players = [
            {
                "member": data[f"player_{seat}"],
                "character": None if data[f"character_{seat}"] == RANDOM else data[f"character_{seat}"],
            }
            for seat in range(1, MAX_PLAYERS + 1)
            if data[f"player_{seat}"] not in (None, "")
        ]
        played_on: datetime.date = data["played_on"]
        return {
            "played_on": played_on,
            "players": players,
            "villain": data["villain"],
            "locations": [data[f"location_{place}"] for place in range(1, LOCATIONS_IN_PLAY + 1) if data[f"location_{place}"]],
            "first_player": data["first_player"],
            "outcome": data["outcome"],
            "turns": data["turns"],
            "clues": data["clues"],
            "defeated": data["defeated"],
            "notes": data["notes"],
            "idempotency_key": data["idempotency_key"],
        }


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))
