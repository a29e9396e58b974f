"""Build (or top up) the endgame library: ``manage.py build_endgames``."""

from django.core.management.base import BaseCommand

from puzzles.study import services as study_services


class Command(BaseCommand):
    help = "Find endgames by the solver in seeded imperfect games and store them, annotated, by chapter."

    def add_arguments(self, parser):
        parser.add_argument(
            "--per-chapter",
            type=int,
            default=study_services.DEFAULT_PER_CHAPTER,
            help="endgames wanted in each chapter (default %(default)s)",
        )
        parser.add_argument(
            "--max-seeds",
            type=int,
            default=study_services.DEFAULT_MAX_SEEDS,
            help="give up after this many games (default %(default)s)",
        )
        parser.add_argument("--first-seed", type=int, default=0)
        parser.add_argument("--no-warm", action="store_true", help="do not store the main lines' analyses")
        parser.add_argument("--reset", action="store_true", help="delete the library (and progress) first")

    def handle(self, *args, **options):
        from puzzles.study.models import Endgame

        if options["reset"]:
            Endgame.objects.all().delete()
        log = (lambda line: self.stdout.write(line)) if options["verbosity"] >= 2 else None
        summary = study_services.library_build(
            per_chapter=options["per_chapter"],
            max_seeds=options["max_seeds"],
            first_seed=options["first_seed"],
            warm_analyses=not options["no_warm"],
            log_to=log,
        )
        chapters = ", ".join(f"{idea} {n}" for idea, n in summary["chapters"].items())
        self.stdout.write(
            f"added {summary['added']} endgames from {summary['seeds']} games; "
            f"{summary['total']} in the library ({chapters})"
        )
