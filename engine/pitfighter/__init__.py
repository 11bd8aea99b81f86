"""Pit Fighter campaigns (../shared/rules/pit-fighter-rules.txt: 8.1 New Pit Fighter Types, 8.3 New Styles Of
Combat, 8.4 Campaigns, the Critical Damage charts and the Pit Fighter Skill Table).

Pure Python: frozen facts in, new facts or violations out (engine.core.violations). The ruleset
(``ruleset.RULESET``) states the rules of play of engine.core.ruleset.PlayRules.

- ``fighters``: the fighter types, characteristics, house values (starting characteristics, the D66 order of
  the skills, the types with a shield) and the stable of five.
- ``critical``: the Critical Damage charts (data/critical.toml) and each result's campaign effect.
- ``combat``: the styles of combat, the line-up and the result's check.
- ``campaign``: after a combat: injuries, missed fights, training, skills (D66), the Pit King; the standings.
"""
