"""Seasons, weeks, games and their results. One module a feature; each is imported here."""

from scheduling.models.auctions import (
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
from scheduling.models.calendar import Appeal, Challenge, Rearrangement
from scheduling.models.results import MissedGame, ResultDraft
from scheduling.models.season import Game, GameSide, Season, SeasonTeam, Standing, Week

__all__ = ["Game", "GameSide", "Season", "SeasonTeam", "Standing", "Week"]
__all__ += ["AthleteAdjustment", "Auction", "Bid", "LastingInjury", "Lot", "LotPass", "MaverickDraw", "MaverickHire", "Pregame"]
__all__ += ["MissedGame", "ResultDraft"]
__all__ += ["Appeal", "Challenge", "Rearrangement"]
