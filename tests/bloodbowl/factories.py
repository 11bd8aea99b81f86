"""Blood Bowl factories: a league with the sample team lists imported, teams signed up through the service."""

from __future__ import annotations

from typing import Any

import factory

from bloodbowl.demo import BLOOD_BOWL_HOUSE_VALUES, demo_bloodbowl_team
from bloodbowl.models import TeamLists
from bloodbowl.services.teams import team_create
from engine.bloodbowl.ruleset import BloodBowlRuleset
from engine.bloodbowl.standings import TIE_BREAKERS
from engine.bloodbowl.teamlists import parse_team_lists, team_lists_sample, team_lists_to_data
from leagues.models import League
from rosters.models import Team
from tests.factories import UserFactory

SAMPLE_YAML = team_lists_sample("house-team.yaml")
SAMPLE_CSV = team_lists_sample("house-team.csv")


class BloodBowlLeagueFactory(factory.django.DjangoModelFactory):
    """A Blood Bowl league: default options (1,000,000 starting budget), the demo's house values, the sample lists."""

    class Meta:
        model = League
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Blood Bowl League {n}")
    game_system = "bloodbowl"
    options = factory.LazyFunction(lambda: {**BloodBowlRuleset().validate_options({}), "tie_breakers": list(TIE_BREAKERS)})
    house_values = factory.LazyFunction(lambda: dict(BLOOD_BOWL_HOUSE_VALUES))

    @factory.post_generation
    def commissioner(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if not create:
            return
        user = extracted or UserFactory()
        self.commissioners.add(user)
        TeamLists.objects.create(league=self, data=team_lists_to_data(parse_team_lists(SAMPLE_YAML, "yaml")), updated_by=user)


def make_bb_team(league: League, coach: Any, name: str = "Bogmire Bullfrogs", **changes: Any) -> Team:
    """The demo's legal team (12 players, 2 re-rolls, Fan Factor 3: 950,000; 50,000 left), signed up as a coach would."""
    return team_create(league=league, coach=coach, name=name, **{**demo_bloodbowl_team(0), **changes})
