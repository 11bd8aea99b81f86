"""factory_boy factories; conftest.py exposes the usual cast as fixtures."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from leagues.models import League
from rosters.models import Team
from slaughterball.demo import demo_athletes, demo_house_values
from slaughterball.services.teams import team_create

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)


class LeagueFactory(factory.django.DjangoModelFactory):
    """A Slaughterball league with every house value set and both optional budgets on."""

    class Meta:
        model = League
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"League {n}")
    game_system = "slaughterball"
    options = factory.LazyFunction(lambda: {"skill_budget": 300_000, "staff_budget": 200_000})
    house_values = factory.LazyFunction(demo_house_values)

    @factory.post_generation
    def commissioner(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            self.commissioners.add(extracted or UserFactory())


def make_team(league: League, coach: object, name: str = "Brutal Berthas", portfolio: str = "valkyries") -> Team:
    """A legal team signed up through the service, as a coach would (2 of each type, numbers 1-8)."""
    return team_create(league=league, coach=coach, name=name, portfolio=portfolio, athletes=demo_athletes(0))
