"""The month names of the dates the pages write (``|date:"DATE_FORMAT"``:
"6 December 2026" on the coach's and the daily deal's pages).

Django's own Romanian catalogue capitalises them ("6 Decembrie 2026"), which
Romanian does not do inside a date. The site's catalogues come before
Django's, so the names are marked here to hold the site's own words: the
Romanian ones in lower case, the Polish and Dutch ones as Django has them
(Polish dates use the genitive forms, "6 grudnia 2026", which are not these).
Nothing imports this module; it is read by ``makemessages``."""

from __future__ import annotations

from django.utils.translation import gettext_noop

MONTHS = (
    # Translators: the month of a date, "6 December 2026" (as Django's MONTHS).
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
