"""The analysis a graded move is kept with (``analysis_record``): found where
it already is, stored once, solved only when nobody has it."""

from __future__ import annotations

import pytest
from django.core.cache import cache

import solver
from puzzles.analyses import services
from puzzles.analyses.models import Analysis
from puzzles.analyses.selectors import analysis_memory_clear

pytestmark = pytest.mark.django_db

POSITION = str(solver.deal(11))


@pytest.fixture
def solves(monkeypatch):
    """The positions the site's solver is run on."""
    ran: list[str] = []
    real = solver.analyse

    def counted(position, *args, **kwargs):
        ran.append(str(position))
        return real(position, *args, **kwargs)

    monkeypatch.setattr(services.solver, "analyse", counted)
    return ran


def test_a_stored_analysis_redis_has_forgotten_is_read_from_its_row_not_solved_again(solves):
    first = services.analysis_record(POSITION)
    assert solves == [POSITION]
    cache.clear()  # Redis lost it (restarted without its data, or the copy expired)
    analysis_memory_clear()
    again = services.analysis_record(POSITION)
    assert again == first
    assert solves == [POSITION]  # not solved a second time
    assert Analysis.objects.filter(position=POSITION, status=Analysis.Status.DONE).count() == 1


def test_an_analysis_put_in_redis_ahead_of_need_gets_its_row_without_a_solve(solves):
    ahead = services.analysis_ahead(POSITION)
    assert not Analysis.objects.filter(position=POSITION).exists()  # ahead of need: Redis only
    analysis_memory_clear()
    assert services.analysis_record(POSITION) == ahead
    assert solves == [POSITION]
    row = Analysis.objects.get(position=POSITION)
    assert row.status == Analysis.Status.DONE
    assert solver.Analysis.from_json(row.result) == ahead


def test_an_analysis_nobody_has_is_solved_and_stored(solves):
    expected = solver.analyse(solver.Position.parse(POSITION))
    solves.clear()
    result = services.analysis_record(POSITION)
    assert solves == [POSITION]
    assert result == expected
    assert Analysis.objects.get(position=POSITION).status == Analysis.Status.DONE
