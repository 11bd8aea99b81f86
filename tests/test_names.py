"""pitside.names: the one place that turns engine keys into people's words."""

from __future__ import annotations

from django.template import Context, Template

from pitside.names import key_name, key_names


def test_a_key_reads_as_the_name_it_is_given():
    assert key_name("dirty_tricks", {"dirty_tricks": "Dirty Tricks"}) == "Dirty Tricks"
    assert key_names(["assist-chop", "thwart"], {"assist-chop": "Assist Chop", "thwart": "Thwart"}) == ["Assist Chop", "Thwart"]


def test_a_key_with_no_name_reads_as_words_never_as_code():
    assert key_name("cancel-card") == "Cancel card"
    assert key_name("random_events", {"dirty_tricks": "Dirty Tricks"}) == "Random events"


def test_the_named_filter_is_in_every_template():
    template = Template('{{ key|named:names }}; {{ keys|named:names|join:", " }}; {{ nothing|named }}.')
    names = {"automatic-carve": "Automatic Carve", "star-brawler": "Star Brawler"}
    page = template.render(Context({"key": "automatic-carve", "keys": ["star-brawler", "big-guy"], "names": names}))
    assert page == "Automatic Carve; Star Brawler, Big guy; ."
