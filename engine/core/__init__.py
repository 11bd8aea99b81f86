"""What every game system shares: violations, money and the ruleset interface."""
