"""Every ledger row says what wrote it (LedgerEntry.kind). The rows written before the column existed are sorted by
what tells them apart today, the first rule that matches deciding (each writer's reason is a fixed format):

- purchase: a row paying for a Slaughterball purchase (its `purchase` link); in a Blood Bowl league, a commissioner's
  or coach's treasury debit whose reason is "Hired <position> #<number> <name>" or "Bought <item>"
  (bloodbowl.services.teams._purchase_reason);
- reversal: a void's row (games.lifecycle: idempotency key "void:<row>", reason "Result voided (...): ...");
- auction: the row a maverick hire points at (slaughterball.MaverickHire.ledger_entry);
- winnings: Slaughterball prize money (no user, reason "Prize money..."), Blood Bowl winnings (reason
  "Match winnings, ..." or "Negative winnings, ...");
- write-off: the staff budget's "Unspent Support Staff Budget is lost..." row of a season's start;
- tournament: a Blood Bowl tournament's cash prize, as the finished tournament recorded it (`prizes["cash"]`:
  team, amount, reason) and written by a user;
- opening: any other row written without a user (a new team's starting budgets);
- grant: any other row written by a user (rosters.services.grant_create, the commissioner's grants and fines)."""

from django.db import migrations, models
from django.db.models import Q

BLOOD_BOWL_PURCHASES = ["a Team Re-roll (double the team list's price)", "an Apothecary", "an Assistant Coach", "a Cheerleader"]


def kind_rules(apps):
    """(kind, the rows it takes), in the order the rules are tried."""
    MaverickHire = apps.get_model("slaughterball", "MaverickHire")
    Tournament = apps.get_model("bloodbowl", "Tournament")
    by_user = Q(created_by__isnull=False)
    blood_bowl_purchase = (
        by_user
        & Q(team__league__game_system="bloodbowl", account="treasury", amount__lt=0)
        & (Q(reason__regex=r"^Hired .+ #[0-9]+ ") | Q(reason__in=[f"Bought {item}" for item in BLOOD_BOWL_PURCHASES]))
    )
    tournament_cash = Q(pk__in=[])
    for prizes in Tournament.objects.filter(status="finished").exclude(prizes=None).values_list("prizes", flat=True):
        for cash in prizes.get("cash", []):
            tournament_cash |= Q(team_id=cash["team"], amount=cash["amount"], reason=cash["reason"])
    return [
        ("purchase", Q(purchase__isnull=False) | blood_bowl_purchase),
        ("reversal", Q(idempotency_key__startswith="void:") | Q(reason__startswith="Result voided (")),
        ("auction", Q(pk__in=MaverickHire.objects.values("ledger_entry_id"))),
        (
            "winnings",
            Q(created_by__isnull=True, reason__startswith="Prize money")
            | Q(reason__startswith="Match winnings, ")
            | Q(reason__startswith="Negative winnings, "),
        ),
        ("write-off", Q(account="staff_budget", reason__startswith="Unspent Support Staff Budget is lost")),
        ("tournament", by_user & tournament_cash),
        ("opening", Q(created_by__isnull=True)),
        ("grant", by_user),
    ]


def classify(apps, schema_editor):
    LedgerEntry = apps.get_model("rosters", "LedgerEntry")
    for kind, rule in kind_rules(apps):
        LedgerEntry.objects.filter(rule, kind="").update(kind=kind)


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0003_remove_team_signup_notified_at"),
        ("slaughterball", "0001_initial"),
        ("bloodbowl", "0002_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="ledgerentry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("opening", "Starting budget"),
                    ("grant", "Grant or fine"),
                    ("purchase", "Purchase"),
                    ("winnings", "Winnings"),
                    ("write-off", "Unspent budget lost"),
                    ("reversal", "Voided result"),
                    ("auction", "Maverick hire"),
                    ("tournament", "Tournament prize"),
                ],
                default="",
                max_length=20,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(classify, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="ledgerentry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("kind__in", ["opening", "grant", "purchase", "winnings", "write-off", "reversal", "auction", "tournament"])
                ),
                name="ledger_kind_known",
            ),
        ),
    ]
