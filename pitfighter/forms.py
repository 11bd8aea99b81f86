"""Page forms for Pit Fighter campaigns: they check the shape of the input; the services and the engine check the rules."""

from __future__ import annotations

from typing import Any

from django import forms

from engine.pitfighter.fighters import CHARACTERISTIC_NAMES, CHARACTERISTICS, TYPES
from leagues.forms import LeagueSettingsForm
from pitside.errors import Invalid
from pitside.forms import autofocus_first_error_of

STABLE_SIZE = 5
SUGGESTED_TYPES = ("orc", "chaos", "skink", "witch-elf", "ogre")


class SettingsForm(LeagueSettingsForm):
    """General settings: name, sign-ups and the faster progression switch."""

    note = (
        "Pit Fighter: the starting characteristics, the skills' D66 order and the types with a shield are house values "
        "(the transcription does not print them): set them below before owners create their stables."
    )


class FighterForm(forms.Form):
    """One fighter of a new stable: name, type and his 10 bonus points (prefixed f0 ... f4)."""

    name = forms.CharField(max_length=60)
    type = forms.ChoiceField(choices=[(t.slug, t.name) for t in TYPES.values()])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for characteristic in CHARACTERISTICS:
            self.fields[characteristic] = forms.IntegerField(
                min_value=0, max_value=10, initial=2, label=f"+{CHARACTERISTIC_NAMES[characteristic]}"
            )

    def fighter(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"name": data["name"], "type": data["type"], "bonus": {c: data[c] for c in CHARACTERISTICS}}


class StableForms:
    """The stable's name and its five fighters (rosters.views.team_signup_page's forms)."""

    def __init__(self, data: Any = None) -> None:
        self.stable = forms.Form(data)
        self.stable.fields["name"] = forms.CharField(max_length=80, label="Stable name")
        self.fighters = [FighterForm(data, prefix=f"f{i}", initial={"type": SUGGESTED_TYPES[i]}) for i in range(STABLE_SIZE)]

    def is_valid(self) -> bool:
        return all([self.stable.is_valid(), *(f.is_valid() for f in self.fighters)])

    def apply_errors(self, error: Invalid) -> None:
        for item in error.items:
            index = item.field.removeprefix("fighters[").split("]")[0]
            form = self.fighters[int(index)] if item.field.startswith("fighters[") and index.isdigit() else self.stable
            form.add_error(None, item.message)

    def focus_first_error(self) -> None:
        autofocus_first_error_of([self.stable, *self.fighters])

    def team_data(self) -> dict[str, Any]:
        return {"name": self.stable.cleaned_data["name"], "fighters": [f.fighter() for f in self.fighters]}


class TrainForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for characteristic in CHARACTERISTICS:
            self.fields[characteristic] = forms.IntegerField(
                min_value=0, max_value=30, initial=0, label=f"+{CHARACTERISTIC_NAMES[characteristic]}"
            )


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500)
