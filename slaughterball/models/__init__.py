"""Slaughterball's teams, seasons, weeks, games and their results. One module a feature; each is imported here."""

from slaughterball.models.auctions import (
    AthleteAdjustment,
    Auction,
    Bid,
    LastingInjury,
    Lot,
    LotPass,
    MaverickDraw,
    MaverickHire,
    Pregame,
)
from slaughterball.models.calendar import Appeal, Challenge, Rearrangement
from slaughterball.models.results import MissedGame, ResultDraft
from slaughterball.models.season import Game, GameSide, Season, SeasonTeam, Standing, Week
from slaughterball.models.teams import Athlete, Purchase

__all__ = ["Athlete", "Purchase"]
__all__ += ["Game", "GameSide", "Season", "SeasonTeam", "Standing", "Week"]
__all__ += ["AthleteAdjustment", "Auction", "Bid", "LastingInjury", "Lot", "LotPass", "MaverickDraw", "MaverickHire", "Pregame"]
__all__ += ["MissedGame", "ResultDraft"]
__all__ += ["Appeal", "Challenge", "Rearrangement"]
