"""Blood Bowl league rules by Death Zone (../shared/rules/blood-bowl-death-zone-league-rules.txt).

Pure Python: frozen facts in, new facts or violations out (engine.core.violations). The ruleset
(``ruleset.RULESET``) states the rules of play of engine.core.ruleset.PlayRules: ``check_team``,
``check_result``, ``post_game`` and ``standings_order``.

- ``tables``: every printed table, loaded once from data/*.toml (SPP, both progression tables,
  Star Player Roll, Aging, Handicap, Special Play Cards, Match Winnings, Negative Winnings, Fan
  Factor and its modifiers, gate modifiers).
- ``house``: what the rulebook does not print (Fan Factor point, Apothecary, Assistant Coach and
  Cheerleader costs, roster minimum and maximum, tournament draw points, field goal points), None
  until the commissioner sets them in League settings, House values. ``house_values(raw)``.
- ``teamlists``: ``parse_team_lists(text, "yaml" | "csv") -> TeamLists`` (all or nothing),
  ``parse_team_data(data)`` for the stored JSON or a page's form, ``team_lists_to_data``; the
  formats are in its docstring, samples in samples/house-team.yaml and .csv.
- ``facts``: ``Characteristics``, ``PlayerFacts``, ``TeamFacts``.
- ``team``: ``check_new_team(team_lists, house, starting_budget, NewTeamRequest) -> NewTeamCost``,
  ``team_value(team, house)``, ``team_rating(team, house)``, ``rating(value, total_spp)``.
- ``prematch``: ``gate(dice, stage)``, ``check_gate_dice``, ``handicap_bonus_cards(home_tr, away_tr)``,
  ``special_play_cards(d6)``, ``check_card_decks(total, choice)``, ``niggling_misses(dice, apothecary)``,
  ``check_niggling_dice``.
- ``report``: ``MatchReport`` / ``SideReport`` / ``PlayerEvents`` / ``Injury``,
  ``check_report(home, away, report, house)``, ``refused_challenge(challenger)``, ``result_for``,
  ``mvp_candidates(team)``, ``draw_mvp(team, rng)``.
- ``postmatch``: ``winnings``, ``pay_negative``, ``negative_winnings_effects``, ``aging_check``,
  ``aging_effect``, ``spp_earned``, ``report_spp``, ``level``, ``star_player_rolls_due``,
  ``rolls_for``, ``spr_options``, ``apply_spr_choice``, ``peak_roll_due``, ``peaks``,
  ``fan_factor_change``, ``new_fan_factor``, ``clear_missed_match``, ``apply_injury``,
  ``reroll_purchase_cost``, ``quote_purchase``, ``retire_player``.
- ``match``: ``MatchFacts`` / ``SideFacts`` (a reported match with both teams), ``check_match``, and
  ``post_match(match, dice) -> PostMatch``: steps 1 to 4 for both teams and the report's injuries, rolling
  through an ``engine.core.dice.DiceSource`` (also ``age`` and ``award_spp`` for one player).
- ``standings``: ``validate_standings_options``, ``rows(results, team_ratings, options, teams)``,
  ``order(rows, options)``, and ``standings(...)``, the two together.
- ``dice``: ``roll(rng, count, sides)`` for the server's rolls, ``check_dice`` for dice entered from
  the table (the league's ``table_dice`` switch).

Money is in whole gold pieces; dice are plain integers (2d6 rules take the total, except the Star
Player Roll, which takes both dice for doubles).
"""
