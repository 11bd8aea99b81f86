from django.apps import AppConfig


class CalendarsConfig(AppConfig):
    """iCalendar feeds of a league, a team and a coach's own games, from each game system's dated entries."""

    name = "calendars"
