"""Puzzles stored before the quality score existed get one: the upkeep
queues the backfill while some puzzle has none, and the backfill scores each
from its start and stored line exactly as mining scores a new puzzle (the
same facts, the same score), votes on top."""

from __future__ import annotations

import pytest

from puzzles.training import mining, pool
from puzzles.training.models import Puzzle
from puzzles.training.tasks import puzzle_upkeep_task

pytestmark = pytest.mark.django_db(transaction=True)


def test_puzzles_without_a_quality_score_get_the_one_mining_gives(no_tasks):
    pool.mine_seeds([21, 22])
    mined = {p.pk: (p.quality_facts, p.quality) for p in Puzzle.objects.all()}
    assert len(mined) >= 2
    assert all(facts for facts, _ in mined.values())
    # as the puzzles mined before the score existed were stored
    Puzzle.objects.update(quality_facts={}, quality=0, score=0)
    first = Puzzle.objects.order_by("id").first()
    Puzzle.objects.filter(pk=first.pk).update(votes_up=3, votes_down=1)
    # the beat's upkeep queues the backfill while a puzzle has no score, and not once none is left
    puzzle_upkeep_task(minimum=0)
    assert any(task.name.endswith("quality_backfill_task") for task, _ in no_tasks)
    assert sorted(pool.puzzles_quality_backfill(limit=1000)) == sorted(mined)
    for puzzle in Puzzle.objects.all():
        facts, quality = mined[puzzle.pk]
        assert puzzle.quality_facts == facts
        assert puzzle.quality == quality
        # recomputed here from the stored line: the same facts
        again = mining.quality_facts(
            mining.stored_facts(puzzle.position, puzzle.kind, puzzle.line, puzzle.solver_moves)
        )
        assert again == facts
        assert puzzle.score == mining.vote_score(quality, puzzle.votes_up, puzzle.votes_down)
    assert Puzzle.objects.get(pk=first.pk).score > Puzzle.objects.get(pk=first.pk).quality
    no_tasks.clear()
    puzzle_upkeep_task(minimum=0)
    assert not any(task.name.endswith("quality_backfill_task") for task, _ in no_tasks)
    assert pool.puzzles_quality_backfill() == []
