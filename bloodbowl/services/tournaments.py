"""Writes to Blood Bowl tournaments (Death Zone: Running a Tournament, Challenges, The Glittering Prizes).

The commissioner creates and runs a tournament (advances its weeks, applies the final's prizes, names
the Spike! Player of the Year); coaches enter their own teams, arrange play-off matches, issue and
answer written challenges and put their results forward. Matches are played through the match
services (pre-match, report, confirm); a play-off result counts once it is confirmed. Each write runs
in one transaction with the tournament row locked; random draws and dice are stored with what they decided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from bloodbowl.models import (
    Entry,
    Match,
    Player,
    TeamProfile,
    Tournament,
    TournamentEvent,
    Trophy,
    WizardContract,
    WrittenChallenge,
)
from bloodbowl.selectors import TeamWithTreasury, league_house, team_rating_of, teams
from bloodbowl.selectors_tournaments import (
    OPEN,
    draw_points,
    entrants,
    final_match,
    match_result,
    playoff_meetings,
    playoff_results,
    put_forward_of,
    semi_final_results,
    tournament_get,
    tournament_kind,
)
from bloodbowl.services.matches import RESULTS, match_create, match_refusal_record, spp_award
from engine.bloodbowl import tournaments as rules
from engine.core.money import TREASURY
from engine.core.violations import paths_named
from games.dice import Dice
from games.models import Game, Roll
from leagues.models import League
from leagues.selectors import league_is_commissioner
from pitside.errors import Invalid, NotPermitted
from rosters.models import LedgerEntry, LedgerKind, Team

_rng = random.SystemRandom()


# --- the tournament row, its history, who may act ---------------------------------------------------------------------


def _locked(tournament_id: int) -> Tournament:
    """The tournament row locked for this transaction, then the tournament with its entries and matches."""
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    return tournament_get(tournament_id)


def _event(tournament: Tournament, user: Any, action: str, payload: dict[str, Any], key: str | None = None) -> None:
    TournamentEvent.objects.create(tournament=tournament, user=user, action=action, payload=payload, idempotency_key=key)


def _replayed(tournament: Tournament, key: str | None) -> TournamentEvent | None:
    """The write this key already made, if any: a resent request finds it instead of writing again."""
    return tournament.events.filter(idempotency_key=key).first() if key else None


def _require_commissioner(league: League, user: Any, what: str) -> None:
    if not league_is_commissioner(league, user):
        raise NotPermitted.one("not-commissioner", "tournament", f"Only a commissioner of this league can {what}.")


def _require_running(tournament: Tournament) -> None:
    if tournament.status != Tournament.Status.RUNNING:
        raise Invalid.one("tournament-finished", "tournament", "This tournament is over: its final's prizes are given.")


def _require_playoffs(tournament: Tournament, field: str, what: str) -> None:
    weeks = rules.playoff_weeks()
    if tournament.week not in weeks:
        raise Invalid.one(
            "playoffs-over",
            field,
            f"{what} belong to the play-offs (weeks {weeks[0]} to {weeks[-1]}); this is week {tournament.week}.",
        )


def _coaches(user: Any, *team_ids: int) -> bool:
    return Team.objects.filter(pk__in=team_ids, coach_id=getattr(user, "pk", None)).exists()


# --- creating, entering, advancing --------------------------------------------------------------------------------------


def tournament_create(
    *,
    league: League,
    user: Any,
    kind: str,
    name: str = "",
    winner_prize: int | None = None,
    runner_up_prize: int | None = None,
    idempotency_key: str | None = None,
) -> tuple[Tournament, bool]:
    """A Major (its prizes are printed) or a minor tournament (the commissioner's prizes, at most 150,000
    together). A Major's trophy and the Dungeonbowl's wizard contract end as the next one of its kind starts."""
    _require_commissioner(league, user, "create a tournament")
    if idempotency_key:
        earlier = (
            TournamentEvent.objects.filter(
                tournament__league=league, action="created", user=user, idempotency_key=idempotency_key
            )
            .select_related("tournament")
            .first()
        )
        if earlier is not None:
            return earlier.tournament, False
    majors = rules.majors()
    if kind == rules.MINOR:
        if not name.strip():
            raise Invalid.one("tournament-name", "name", "Name the minor tournament.")
        rules.minor_tournament(name, winner_prize or 0, runner_up_prize or 0)
    elif kind in majors:
        if winner_prize is not None or runner_up_prize is not None:
            raise Invalid.one("major-prizes", "winner_prize", f"The {majors[kind].name}'s prizes are the rulebook's.")
        name = name.strip() or majors[kind].name
    else:
        choices = ", ".join([*majors, rules.MINOR])
        raise Invalid.one("tournament-kind", "kind", f"A tournament is one of: {choices}.")
    with transaction.atomic():
        if kind != rules.MINOR and Tournament.objects.filter(league=league, kind=kind, status=Tournament.Status.RUNNING).exists():
            raise Invalid.one("major-running", "kind", f"A {majors[kind].name} is already running in this league.")
        tournament = Tournament.objects.create(
            league=league,
            kind=kind,
            name=name.strip(),
            winner_prize=winner_prize if kind == rules.MINOR else None,
            runner_up_prize=runner_up_prize if kind == rules.MINOR else None,
            created_by=user,
        )
        now = timezone.now()
        if kind != rules.MINOR:
            Trophy.objects.filter(tournament__league=league, kind=kind, until__isnull=True).update(until=now)
            WizardContract.objects.filter(tournament__league=league, tournament__kind=kind, until__isnull=True).update(until=now)
        _event(tournament, user, "created", {"kind": kind}, idempotency_key)
    return tournament, True


def entry_create(*, tournament_id: int, user: Any, team_id: int) -> tuple[Entry, bool]:
    """A coach enters his own team, during the play-offs; one team per coach. Entering again finds the entry."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _require_running(tournament)
        _require_playoffs(tournament, "team", "Entries")
        team = Team.objects.filter(pk=team_id, league=tournament.league, bb__isnull=False).first()
        if team is None:
            raise Invalid.one("team-not-in-league", "team", "That team does not play in this league.")
        if team.coach_id != getattr(user, "pk", None):
            raise NotPermitted.one("not-coach", "team", "Only this team's coach can enter it.")
        existing = next((e for e in tournament.entries.all() if e.team_id == team.pk), None)
        if existing is not None:
            return existing, False
        entered = [rules.Entry(e.team_id, e.coach_id) for e in tournament.entries.all()]
        rules.check_entry(entered, rules.Entry(team.pk, team.coach_id))
        try:
            with transaction.atomic():
                entry = Entry.objects.create(tournament=tournament, team=team, coach_id=team.coach_id)
        except IntegrityError:
            raise Invalid.one("entry-coach", "team", "This coach already has a team in the tournament.") from None
        _event(tournament, user, "entered", {"team": team.pk})
    return entry, True


def playoffs_qualification(tournament: Tournament, rng: random.Random) -> tuple[rules.Qualification, dict[int, int]]:
    """Running a Tournament, the play-offs' end: the table of the results each team puts forward (confirmed matches
    only) with the four that go through, and the Team Ratings that broke ties; refused when fewer than four put a
    result forward. A read: _end_playoffs records it; the page asking first names them."""
    results, draws = playoff_results(tournament), draw_points(tournament)
    forward = [put_forward_of(e, results, draws) for e in tournament.entries.all()]
    loaded = {t.pk: t for t in teams().filter(pk__in=[e.team for e in forward])}
    house = league_house(tournament.league)
    ratings = {team_id: team_rating_of(team, house) for team_id, team in loaded.items()}
    with paths_named({"entries": "tournament"}):
        return rules.qualify(forward, ratings, rng), ratings


def _end_playoffs(tournament: Tournament, user: Any) -> None:
    """Running a Tournament: the play-off matches not confirmed by the end of week 3 do not count (they are
    voided by the rules, scheduled ones too, which no commissioner's void reaches); the four teams with most
    points go through (ties: Team Rating, then a stored random draw); then the semi-finals are drawn at random
    and the draw is stored."""
    for match in tournament.matches.all():
        if match.tournament_round == rules.PLAYOFF and match.state in OPEN:
            RESULTS.cancel(game=match, user=user, reason="The play-offs ended.")
    qualification, ratings = playoffs_qualification(tournament, _rng)
    with paths_named({"semi_finalists": "tournament"}):
        pairs = rules.draw_semi_finals(qualification.semi_finalists, _rng)
    tournament.qualification = {
        "order": [e.team for e in qualification.table],
        "table": [{"team": e.team, "opponents": list(e.opponents), "points": e.points} for e in qualification.table],
        "team_ratings": {str(t): r for t, r in ratings.items()},
        "draws": {str(t): d for t, d in qualification.draws.items()},
        "semi_finalists": list(qualification.semi_finalists),
    }
    tournament.semi_finals = [list(pair) for pair in pairs]


def tournament_advance(*, tournament_id: int, user: Any, idempotency_key: str | None = None) -> tuple[Tournament, bool]:
    """The commissioner moves the tournament on a week. After week 3: qualification and the semi-final
    draw; after week 4 (both semi-finals confirmed): the final's week. Week 5 ends with the prizes."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _require_commissioner(tournament.league, user, "run this tournament")
        if _replayed(tournament, idempotency_key):
            return tournament, False
        _require_running(tournament)
        if tournament.week == rules.playoff_weeks()[-1]:
            _end_playoffs(tournament, user)
        elif tournament.week == rules.semi_final_week() and len(semi_final_results(tournament)) < 2:
            raise Invalid.one(
                "semi-finals-unfinished", "week", f"Both semi-finals need a confirmed result before week {rules.final_week()}."
            )
        elif tournament.week == rules.final_week():
            raise Invalid.one(
                "final-week", "week", f"Week {rules.final_week()} is the last: give the final's prizes to end the tournament."
            )
        tournament.week += 1
        tournament.save(update_fields=["week", "qualification", "semi_finals"])
        _event(tournament, user, "advanced", {"week": tournament.week}, idempotency_key)
    return tournament_get(tournament_id), True


# --- matches: the play-offs and the knockout stages ----------------------------------------------------------------------


def _arrange(tournament: Tournament, user: Any, home: int, away: int, stage: str) -> Match:
    return match_create(
        league=tournament.league,
        user=user,
        home_team_id=home,
        away_team_id=away,
        tournament=tournament,
        tournament_week=tournament.week,
        tournament_round=stage,
    )


def _knockout_stage(tournament: Tournament, home: int, away: int) -> rules.Stage:
    """Running a Tournament: week 4 a pair of the semi-final draw; week 5 the final (the winners) or the
    optional match for 3rd and 4th place (the losers); each is arranged once."""
    stage = rules.stage_of(tournament.week, {home, away}, semi_final_results(tournament))
    if stage == rules.SEMI_FINAL and {home, away} not in [set(p) for p in tournament.semi_finals or []]:
        raise Invalid.one("knockout-teams", "away_team", "A semi-final is played by a pair of the semi-final draw.")
    arranged = any(
        m.tournament_round == stage and m.state != Game.State.VOIDED and {s.team_id for s in m.sides.all()} == {home, away}
        for m in tournament.matches.all()
    )
    if arranged:
        raise Invalid.one("knockout-arranged", "away_team", f"This {_round_name(stage)} is arranged already.")
    return stage


def _round_name(stage: rules.Stage) -> str:
    return {rules.SEMI_FINAL: "semi-final", rules.FINAL: "final", rules.THIRD_PLACE: "match for 3rd place"}.get(stage, stage)


def tournament_match_arrange(
    *, tournament_id: int, user: Any, home_team_id: int, away_team_id: int, idempotency_key: str | None = None
) -> tuple[Match, bool]:
    """A play-off match (weeks 1-3: any two entered teams, never the same opponent twice) or a knockout
    match (weeks 4-5), arranged by one of its coaches or a commissioner; then played as any match."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not (_coaches(user, home_team_id, away_team_id) or league_is_commissioner(tournament.league, user)):
            raise NotPermitted.one("not-in-match", "match", "Only one of the two coaches or a commissioner arranges it.")
        if (earlier := _replayed(tournament, idempotency_key)) is not None:
            return Match.objects.get(pk=earlier.payload["match"]), False
        _require_running(tournament)
        with paths_named({"team_a": "home_team", "team_b": "away_team", "week": "tournament"}):
            if tournament.week in rules.playoff_weeks():
                planned = rules.arranged(home_team_id, away_team_id, tournament.week)
                rules.check_playoff_match(entrants(tournament), playoff_meetings(tournament), planned)
                stage = rules.PLAYOFF
            else:
                stage = _knockout_stage(tournament, home_team_id, away_team_id)
        match = _arrange(tournament, user, home_team_id, away_team_id, stage)
        _event(tournament, user, "match-arranged", {"match": match.pk, "round": stage}, idempotency_key)
    return match, True


# --- written challenges ------------------------------------------------------------------------------------------------


def _challenge_fact(challenge: WrittenChallenge) -> rules.Challenge:
    return rules.Challenge(challenge.challenger_id, challenge.challenged_id, challenge.week)


def challenge_issue(
    *, tournament_id: int, user: Any, challenger_id: int, challenged_id: int, idempotency_key: str | None = None
) -> tuple[WrittenChallenge, bool]:
    """Challenges: a coach makes at most one written challenge per week of the play-offs, to an entered
    team his team has not played; the organizer (Pitside) passes it on to the challenged coach."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not _coaches(user, challenger_id):
            raise NotPermitted.one("not-coach", "challenger", "A coach issues written challenges for his own team.")
        if (earlier := _replayed(tournament, idempotency_key)) is not None:
            return WrittenChallenge.objects.get(pk=earlier.payload["challenge"]), False
        _require_running(tournament)
        challenge = rules.Challenge(challenger_id, challenged_id, tournament.week)
        issued = [_challenge_fact(c) for c in tournament.challenges.all()]
        rules.check_challenge(entrants(tournament), playoff_meetings(tournament), issued, challenge)
        try:
            with transaction.atomic():
                row = WrittenChallenge.objects.create(
                    tournament=tournament,
                    challenger_id=challenger_id,
                    challenged_id=challenged_id,
                    week=tournament.week,
                    created_by=user,
                )
        except IntegrityError:
            raise Invalid.one("challenge-weekly", "challenger", "A coach may make one written challenge per week.") from None
        _event(tournament, user, "challenged", {"challenge": row.pk, "challenged": challenged_id}, idempotency_key)
    return row, True


ANSWERS = {
    WrittenChallenge.Status.OPEN: "accept, refuse or name a substitute",
    WrittenChallenge.Status.SUBSTITUTE_ASKED: "agree (accept) or decline (refuse) to play instead",
    WrittenChallenge.Status.SUBSTITUTE_AGREED: "accept or refuse the substitute",
}


def _settle(tournament: Tournament, challenge: WrittenChallenge, user: Any, outcome: rules.ChallengeOutcome) -> None:
    """Play: the match is arranged; refused: the 9-0 stands as a confirmed match with no rewards. A match the
    play-offs do not allow is refused as the answer's (its `response`)."""
    with paths_named({"team_a": "response", "team_b": "response", "refused_by": "response", "week": "response"}):
        if outcome.status == "play":
            planned = rules.arranged(outcome.challenger, outcome.opponent, tournament.week)
            rules.check_playoff_match(entrants(tournament), playoff_meetings(tournament), planned)
            challenge.match = _arrange(tournament, user, outcome.challenger, outcome.opponent, rules.PLAYOFF)
            challenge.status = WrittenChallenge.Status.PLAY
            return
        result = outcome.result
        assert result is not None
        rules.check_playoff_match(entrants(tournament), playoff_meetings(tournament), result)
    match = _arrange(tournament, user, result.team_a, result.team_b, rules.PLAYOFF)  # the winner at home
    challenge.match = match_refusal_record(match=match, user=user, refused_by="away")
    challenge.status, challenge.refused_by_id = WrittenChallenge.Status.REFUSED, result.refused_by


def challenge_answer(
    *, challenge_id: int, user: Any, response: str, substitute_id: int | None = None, idempotency_key: str | None = None
) -> tuple[WrittenChallenge, bool]:
    """Challenges: the challenged coach accepts (the match is arranged), refuses (a confirmed 9-0 win for
    the challenger: no SPP, cash or Fan Factor) or names a substitute; the substitute's coach agrees or
    declines; the challenger then accepts or refuses the substitute (refusing: 9-0 to the substitute).
    A commissioner, as organizer, may pass on any of these answers."""
    found = WrittenChallenge.objects.filter(pk=challenge_id).values_list("tournament_id", flat=True).first()
    if found is None:
        raise Invalid.one("challenge-unknown", "challenge", "No such written challenge.")
    with transaction.atomic():
        tournament = _locked(found)
        challenge = WrittenChallenge.objects.get(pk=challenge_id)
        if _replayed(tournament, idempotency_key):  # before the rights: once answered, it waits for someone else
            return challenge, False
        answering = challenge.waiting_for_id
        if answering is None:
            raise Invalid.one("challenge-answered", "challenge", f"This challenge is answered: {challenge.get_status_display()}.")
        if not (_coaches(user, answering) or league_is_commissioner(tournament.league, user)):
            what = ANSWERS[WrittenChallenge.Status(challenge.status)]
            raise NotPermitted.one("not-answerer", "challenge", f"This challenge waits for team {answering}'s coach to {what}.")
        _require_running(tournament)
        _require_playoffs(tournament, "challenge", "Answers to written challenges")
        status = WrittenChallenge.Status
        if challenge.status == status.SUBSTITUTE_ASKED:
            if response not in (rules.ACCEPT, rules.REFUSE):
                raise Invalid.one("challenge-response", "response", "The substitute's coach answers accept (agree) or refuse.")
            agreed = response == rules.ACCEPT
            challenge.status = status.SUBSTITUTE_AGREED if agreed else status.OPEN
            challenge.substitute_id = challenge.substitute_id if agreed else None
        elif challenge.status == status.SUBSTITUTE_AGREED:
            assert challenge.substitute_id is not None
            substitute = challenge.substitute_id
            _settle(
                tournament,
                challenge,
                user,
                rules.answer_substitute(_challenge_fact(challenge), substitute, response),
            )
        else:
            outcome = rules.answer_challenge(
                _challenge_fact(challenge),
                response,
                entrants=entrants(tournament),
                played=playoff_meetings(tournament),
                substitute=substitute_id,
            )
            if outcome.status == "substitute":
                challenge.status, challenge.substitute_id = status.SUBSTITUTE_ASKED, outcome.opponent
            else:
                _settle(tournament, challenge, user, outcome)
        challenge.answered_at = timezone.now()
        challenge.save()
        _event(
            tournament,
            user,
            "challenge-answered",
            {"challenge": challenge.pk, "response": response, "status": challenge.status},
            idempotency_key,
        )
    return challenge, True


# --- put forward ------------------------------------------------------------------------------------------------------


def put_forward_choose(*, tournament_id: int, user: Any, team_id: int, opponents: Sequence[int] | None) -> Entry:
    """Running a Tournament: a coach puts forward at most three of his confirmed play-off results (named
    by their opponents), or none chosen (None) for his best three. Choosing again replaces the choice."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = next((e for e in tournament.entries.all() if e.team_id == team_id), None)
        if entry is None:
            raise Invalid.one("entry-unknown", "team", "This team is not entered in the tournament.")
        if entry.team.coach_id != getattr(user, "pk", None):
            raise NotPermitted.one("not-coach", "team", "Only this team's coach puts its results forward.")
        _require_running(tournament)
        _require_playoffs(tournament, "opponents", "Results")
        chosen = None if opponents is None else list(opponents)
        if chosen is not None:
            results, draws = playoff_results(tournament), draw_points(tournament)
            with paths_named({"chosen": "opponents"}):
                rules.put_forward(team_id, results, chosen, draws)
        entry.put_forward, entry.put_forward_at = chosen, timezone.now()
        entry.save(update_fields=["put_forward", "put_forward_at"])
        _event(tournament, user, "put-forward", {"team": team_id, "opponents": chosen})
    return entry


# --- the final's prizes and the Player of the Year ------------------------------------------------------------------------


def _winner_race_tags(team: Team) -> set[str]:
    """The Chaos Cup modifiers whose races the rulebook names match the winners' race name."""
    race = team.bb.race_name.casefold()
    return {m.tag for m in rules.chaos_cup_modifiers() if race in {r.casefold() for r in m.races}}


def _final_players(final: Match) -> dict[int, list[int]]:
    """The Blood Bowl Player's Medal: each finalist's players who took part in the final (on the roster and
    not missing it); a player killed in the final gets no medal."""
    return {
        side.team_id: [
            p.pk for p in Player.objects.filter(team_id=side.team_id, status=Player.Status.ACTIVE) if p.pk not in side.missing
        ]
        for side in final.sides.all()
    }


def final_prizes_apply(
    *, tournament_id: int, user: Any, chaos_cup_tags: Sequence[str] | None = None, idempotency_key: str | None = None
) -> tuple[Tournament, bool]:
    """The Glittering Prizes, in one transaction once the final is confirmed: cash as ledger rows, a Major's
    trophy, the Spike! d6 Fan Factor (the die stored), the Dungeonbowl wizard contract, the Chaos Cup's
    rolled winnings (the die stored), the Blood Bowl medals (5 SPP and the star player rolls they bring).
    Given once: asking again finds the tournament finished."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _require_commissioner(tournament.league, user, "give this tournament's prizes")
        if tournament.status == Tournament.Status.FINISHED:
            return tournament, False
        final = final_match(tournament)
        if tournament.week != rules.final_week() or final is None or final.state != Game.State.CONFIRMED:
            raise Invalid.one("final-unplayed", "final", "The final needs a confirmed result before its prizes are given.")
        kind = tournament_kind(tournament)
        result = match_result(final)
        assert result.winner is not None  # the report check refuses a drawn final
        list(Team.objects.select_for_update(of=("self",)).filter(pk__in=list(result.teams)).order_by("pk"))
        loaded = {t.pk: t for t in teams().filter(pk__in=list(result.teams))}
        known = {m.tag for m in rules.chaos_cup_modifiers()}
        if chaos_cup_tags is not None and not set(chaos_cup_tags) <= known:
            raise Invalid.one("chaos-cup-tag", "chaos_cup_tags", f"Chaos Cup modifier tags are: {', '.join(sorted(known))}.")
        tags = set(chaos_cup_tags) if chaos_cup_tags is not None else _winner_race_tags(loaded[result.winner])
        players = _final_players(final) if kind.finalist_medal_spp else None
        with paths_named({"score_b": "final", "final_players": "final"}):
            prizes = rules.final_prizes(kind, result, _rng, winner_race_tags=tags, final_players=players)
        _apply(tournament, final, prizes, loaded, user)
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, timezone.now()
        tournament.save(update_fields=["prizes", "status", "finished_at"])
        _event(tournament, user, "prizes", {"winner": prizes.winner, "runner_up": prizes.runner_up}, idempotency_key)
    return tournament_get(tournament_id), True


def _apply(tournament: Tournament, final: Match, prizes: rules.Prizes, loaded: dict[int, TeamWithTreasury], user: Any) -> None:
    now = timezone.now()
    for cash in prizes.cash:
        LedgerEntry.objects.create(
            team_id=cash.team,
            account=TREASURY,
            amount=cash.amount,
            kind=LedgerKind.TOURNAMENT,
            reason=cash.reason,
            created_by=user,
        )
    chaos = prizes.chaos_cup_roll
    if chaos is not None:
        Roll.objects.create(
            game=final, label="prize.chaos_cup", team_id=prizes.winner, purpose="chaos_cup", dice=[chaos.roll], created_by=user
        )
    for number, gain in enumerate(prizes.fan_factor, start=1):
        Roll.objects.create(
            game=final,
            label=f"prize.fan_factor.{number}",
            team_id=gain.team,
            purpose="prize_fan_factor",
            number=number,
            dice=[gain.roll],
            created_by=user,
        )
        TeamProfile.objects.filter(team_id=gain.team).update(fan_factor=F("fan_factor") + gain.amount)
    if prizes.trophy is not None:
        t = prizes.trophy
        Trophy.objects.create(
            team_id=t.team,
            tournament=tournament,
            kind=t.tournament,
            trophy_rerolls=t.trophy_rerolls,
            extra_random_events=t.extra_random_events,
            sponsorship_per_match=t.sponsorship_per_match,
            won_at=now,
        )
    if prizes.wizard_contract is not None:
        WizardContract.objects.create(
            team_id=prizes.wizard_contract.team, tournament=tournament, cost=prizes.wizard_contract.cost, starts_at=now
        )
    dice = Dice(final, user)
    for team_id, team in loaded.items():
        earned = {m.player: m.spp for m in prizes.medals if m.team == team_id}
        if earned:
            spp_award(match=final, team=team, earned=earned, dice=dice)
    tournament.prizes = {
        "winner": prizes.winner,
        "runner_up": prizes.runner_up,
        "cash": [{"team": c.team, "amount": c.amount, "reason": c.reason} for c in prizes.cash],
        "fan_factor": [{"team": g.team, "amount": g.amount, "roll": g.roll, "reason": g.reason} for g in prizes.fan_factor],
        "trophy": prizes.trophy is not None,
        "wizard_contract": None if prizes.wizard_contract is None else prizes.wizard_contract.cost,
        "medals": [{"team": m.team, "player": m.player, "spp": m.spp} for m in prizes.medals],
        "chaos_cup": None
        if chaos is None
        else {"roll": chaos.roll, "modifier": chaos.modifier, "winners": chaos.row.winners, "runners_up": chaos.row.runners_up},
    }


def player_of_the_year_award(*, tournament_id: int, user: Any) -> Tournament:
    """The Spike! Magazine Trophy: after the final the organizer may name the league's player with most SPP
    (any team) Player of the Year: +1 Fan Factor for his team, permanently. A tie is settled by a stored draw."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _require_commissioner(tournament.league, user, "name the Player of the Year")
        if tournament.player_of_the_year is not None:
            return tournament
        if tournament.kind != "spike" or tournament.status != Tournament.Status.FINISHED:
            raise Invalid.one(
                "player-of-the-year",
                "tournament",
                "The Player of the Year is named after the Spike! Magazine tournament's final.",
            )
        players = Player.objects.filter(team__league=tournament.league, status=Player.Status.ACTIVE).select_related("team")
        by_id = {p.pk: p for p in players}
        with paths_named({"players": "tournament"}):
            award = rules.player_of_the_year([rules.PlayerSpp(p.pk, p.team_id, p.spp) for p in by_id.values()], _rng)
        chosen = by_id[award.player]
        TeamProfile.objects.filter(team_id=chosen.team_id).update(fan_factor=F("fan_factor") + award.fan_factor.amount)
        tournament.player_of_the_year = {
            "player": chosen.pk,
            "player_name": chosen.name,
            "team": chosen.team_id,
            "team_name": chosen.team.name,
            "spp": award.spp,
            "tied": list(award.tied),
            "fan_factor": award.fan_factor.amount,
        }
        tournament.save(update_fields=["player_of_the_year"])
        _event(tournament, user, "player-of-the-year", {"player": chosen.pk})
    return tournament
