"""The outages the heartbeat reads four times a second (``outages.spans``,
its SQL built once): those going on, and those over within ``KEEP`` by the
database's clock; none older."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.core import outages
from puzzles.core.models import Outage

pytestmark = pytest.mark.django_db


def test_the_outages_going_on_or_over_within_the_window_are_read():
    now = timezone.now()
    Outage.objects.create(
        cause="redis", start=now - outages.KEEP - timedelta(hours=2), end=now - outages.KEEP - timedelta(hours=1)
    )
    Outage.objects.create(cause="redis", start=now - timedelta(hours=2), end=now - timedelta(hours=1))
    Outage.objects.create(cause="web", start=now - timedelta(minutes=1), end=None)
    outages.forget()
    assert sorted(outages.spans(now - timedelta(days=1)), key=lambda span: span[0]) == [
        (now - timedelta(hours=2), now - timedelta(hours=1)),
        (now - timedelta(minutes=1), None),
    ]
    # read again, as each beat reads them: the same SQL, the rows as they are now
    Outage.objects.filter(end=None).update(end=now)
    assert (now - timedelta(minutes=1), now) in outages.spans(now - timedelta(days=1), fresh=True)
