"""Every exercise's FSRS card, from its history: the tries are replayed in
order through FSRS in pass/fail form (solved: Good, failed: Again), each
failed try and each solved one made when the card was due being a review, as
the coach rates tries from now on.  An exercise never tried is a new card,
due when it was due (or at once, if the old ladder had it learnt).

Data only: the fields come in the migration before, and the due date becomes
required in the next one (PostgreSQL does not alter a table in the transaction
that has just updated its rows).  The scheduler's settings are written out
here, as they were when this ran, so that a later change of the coach's
settings does not change what this migration does."""

from datetime import UTC

from django.db import migrations
from django.utils import timezone


def _scheduler():
    from fsrs import Scheduler

    return Scheduler(desired_retention=0.9, learning_steps=(), relearning_steps=(),
                     maximum_interval=365, enable_fuzzing=False)


def cards_from_tries(apps, schema_editor):
    from fsrs import Card, Rating

    Exercise = apps.get_model("coach", "Exercise")
    ExerciseTry = apps.get_model("coach", "ExerciseTry")
    scheduler = _scheduler()
    now = timezone.now()
    for exercise in Exercise.objects.order_by("id").iterator():
        first_due = exercise.due_at if exercise.due_at is not None and exercise.step == -1 else exercise.created_at
        card = Card(card_id=exercise.pk, due=(first_due or now).astimezone(UTC))
        reviewed = False
        for correct, at in ExerciseTry.objects.filter(exercise_id=exercise.pk).order_by("created_at", "id").values_list(
            "correct", "created_at"
        ):
            at = at.astimezone(UTC)
            if correct and card.due > at:
                continue  # practice ahead of time
            card, _log = scheduler.review_card(card, Rating.Good if correct else Rating.Again, review_datetime=at)
            reviewed = True
        if not reviewed and exercise.due_at is None:
            card.due = now.astimezone(UTC)  # learnt on the old ladder without a try on record: due now
        Exercise.objects.filter(pk=exercise.pk).update(
            card_state=int(card.state), step=card.step, stability=card.stability, difficulty=card.difficulty,
            due_at=card.due, last_review_at=card.last_review,
        )


class Migration(migrations.Migration):

    dependencies = [
        ("coach", "0005_fsrs_cards"),
    ]

    operations = [
        migrations.RunPython(cards_from_tries, migrations.RunPython.noop),
    ]
