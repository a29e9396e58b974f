"""Build the endgame library if it is empty (``make run`` calls this)."""

from django.core.management.base import BaseCommand

from puzzles.study import services as study_services


class Command(BaseCommand):
    help = "Build the endgame library when it is empty; do nothing otherwise."

    def handle(self, *args, **options):
        summary = study_services.library_ensure()
        if summary is None:
            self.stdout.write("the endgame library is already there")
        else:
            self.stdout.write(f"built the endgame library: {summary['total']} endgames")
