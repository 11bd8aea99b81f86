"""Pre-game: the maverick auction (dice, draws, lots, bids, hires), the lineup order, and the lasting
injuries rolled after a game with the athlete value changes they cause."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from pitside.idempotency import idempotency_key_field, unique_idempotency_key


class Auction(models.Model):
    """A game's maverick auction. The dice and the draws are rolled by the server when it opens and
    stored here before any choice depends on them, so reloading never rolls again."""

    game = models.OneToOneField("slaughterball.Game", on_delete=models.PROTECT, related_name="auction")
    # Ascending Team Potential when the auction opened: [{"team": id, "team_potential": credits}].
    order = models.JSONField(default=list)
    dice = models.JSONField(default=dict)  # {"<team id>": ["knife", "boot"]}: every die each coach rolled
    seed = models.CharField(max_length=40)  # the random seed the dice and draws came from, for audit
    rogues = models.BooleanField(default=False)  # the league allowed rogues when the auction opened
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)  # set when the first lineup is picked

    def __str__(self) -> str:
        return f"Maverick auction of {self.game}"


class MaverickDraw(models.Model):
    """One Maverick card a coach drew for his knives; he may return it, or put it up for auction."""

    auction = models.ForeignKey(Auction, on_delete=models.CASCADE, related_name="draws")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    maverick = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField()  # the order it was drawn in
    returned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["auction", "position"]
        constraints = [models.UniqueConstraint("auction", "maverick", name="maverick_drawn_once_per_auction")]

    def __str__(self) -> str:
        return f"{self.maverick} drawn by {self.team}"


class Lot(models.Model):
    """A maverick (or rogue) on the Meat Grinder: one at a time per auction."""

    class State(models.TextChoices):
        OPEN = "open", "Bidding"
        HIRED = "hired", "Hired"
        UNSOLD = "unsold", "No bid: left"

    auction = models.ForeignKey(Auction, on_delete=models.CASCADE, related_name="lots")
    number = models.PositiveSmallIntegerField()
    nominated_by = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    draw = models.OneToOneField(MaverickDraw, on_delete=models.PROTECT, null=True, blank=True, related_name="lot")
    card = models.CharField(max_length=80)  # a maverick slug, or "rogue:<portfolio>:<type>"
    name = models.CharField(max_length=100)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    # The leading bid, kept on the lot (under its row lock) so a team's commitments sum in one query.
    high_amount = models.PositiveBigIntegerField(default=0)
    high_team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["auction", "number"]
        constraints = [
            models.UniqueConstraint("auction", "number", name="lot_number_unique_in_auction"),
            # The rulebook puts one maverick on the Meat Grinder at a time.
            models.UniqueConstraint("auction", condition=models.Q(state="open"), name="one_open_lot_per_auction"),
        ]

    def __str__(self) -> str:
        return f"Lot {self.number}: {self.name}"


class Bid(models.Model):
    lot = models.ForeignKey(Lot, on_delete=models.CASCADE, related_name="bids")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    amount = models.PositiveBigIntegerField()
    # The turn it was made in on its lot (bids and passes count together, from 0), taken under the lot's lock.
    position = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["lot", "amount", "id"]
        constraints = [
            unique_idempotency_key("team", "bid_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.amount:,} by {self.team} on {self.lot}"


class LotPass(models.Model):
    """A coach who does not raise in his turn (Maverick Auction, step 7)."""

    lot = models.ForeignKey(Lot, on_delete=models.CASCADE, related_name="passes")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()  # the turn, counted with the lot's bids
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["lot", "position"]
        verbose_name_plural = "lot passes"
        constraints = [
            models.UniqueConstraint("lot", "position", name="lot_pass_position_unique"),
            unique_idempotency_key("team", "lot_pass_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.team} passes on {self.lot}"


class MaverickHire(models.Model):
    """A maverick (or rogue) a team hired for one game, with its card as it was then. It leaves after the game."""

    game = models.ForeignKey("slaughterball.Game", on_delete=models.PROTECT, related_name="maverick_hires")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    lot = models.OneToOneField(Lot, on_delete=models.PROTECT, related_name="hire")
    card = models.CharField(max_length=80)
    name = models.CharField(max_length=100)
    type = models.CharField(max_length=40)
    price = models.PositiveBigIntegerField()
    pit_power_adjustment = models.BigIntegerField()
    traits = models.JSONField(default=dict)
    skills = models.JSONField(default=list)
    ledger_entry = models.OneToOneField("rosters.LedgerEntry", on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.name} for {self.team} in {self.game}"


class Pregame(models.Model):
    """The order in which a game's coaches choose athletes (ascending League Rank), fixed at the first pick,
    and when Pit Power and the Edge tokens were computed (once every side had picked)."""

    game = models.OneToOneField("slaughterball.Game", on_delete=models.PROTECT, related_name="pregame")
    # [{"team": id, "league_points": n, "team_potential": credits}], the first to pick first.
    lineup_order = models.JSONField(default=list)
    figures_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Pre-game of {self.game}"


class LastingInjury(models.Model):
    """Optional Rules, Lasting Injuries: the roll for one athlete (or hired maverick) after a confirmed game.

    The dice are stored with the effects; a voided result voids the injury (and reverses its value change)."""

    game = models.ForeignKey("slaughterball.Game", on_delete=models.PROTECT, related_name="lasting_injuries")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    athlete = models.ForeignKey(
        "slaughterball.Athlete", on_delete=models.PROTECT, null=True, blank=True, related_name="lasting_injuries"
    )
    hire = models.ForeignKey(MaverickHire, on_delete=models.PROTECT, null=True, blank=True, related_name="lasting_injuries")
    name = models.CharField(max_length=100)
    tokens = models.PositiveSmallIntegerField(default=0)
    killed = models.BooleanField(default=False)
    toughness = models.PositiveSmallIntegerField(null=True, blank=True)
    seed = models.CharField(max_length=40)
    scatter = models.PositiveSmallIntegerField(null=True, blank=True)
    dice = models.JSONField(default=list)
    games_missed = models.PositiveSmallIntegerField(default=0)  # for a maverick: weeks out
    out_for_season = models.BooleanField(default=False)  # a maverick who lost a trait or skill
    traits_lost = models.JSONField(default=list)
    skills_lost = models.JSONField(default=list)
    value_change = models.BigIntegerField(default=0)
    notes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "id"]
        verbose_name_plural = "lasting injuries"

    def __str__(self) -> str:
        return f"Lasting injury of {self.name} after {self.game}"


class AthleteAdjustment(models.Model):
    """A change of an athlete's value outside purchases (Athlete Value Adjustment), never edited: a voided
    injury writes a reversing row. The rosters selectors add these up into the athlete's value."""

    athlete = models.ForeignKey("slaughterball.Athlete", on_delete=models.PROTECT, related_name="adjustments")
    injury = models.ForeignKey(LastingInjury, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments")
    value_change = models.BigIntegerField()
    reason = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["athlete", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.value_change:+,} for {self.athlete}: {self.reason}"
