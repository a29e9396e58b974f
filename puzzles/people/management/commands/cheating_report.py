"""``manage.py cheating_report``: fit expected play by rating on the rated
games between people and score every account in them now (the beat does
it every six hours), then print the accounts worth a look."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from puzzles.people import cheating
from puzzles.people.cheating_report import cheating_report
from puzzles.people.models import CheatingScore


class Command(BaseCommand):
    help = "Fit expected play by rating and score every account's recent rated games now."

    def handle(self, *args: Any, **options: Any) -> None:
        fit = cheating_report()
        self.stdout.write(f"fitted on {fit.moves} moves of {fit.accounts} accounts")
        for row in CheatingScore.objects.filter(score__gte=cheating.SCORE_LOOK).select_related("user"):
            self.stdout.write(f"{row.user.username}: score {row.score} (z {row.z}, {row.moves} moves)")
