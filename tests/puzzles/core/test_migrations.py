"""A database made before the site was split into apps (the single app
``puzzles``, its migrations 0001-0003) migrates to today's layout without
losing a row: the tables keep their names, the models move in Django's state
only, and the content types (admin permissions) follow."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_THE_SPLIT = [
    ("puzzles", "0003_training"),
    ("matches", None),
    ("study", None),
    ("training", None),
    ("games", None),
    ("analyses", None),
]


def _migrate(targets):
    """Migrate to ``targets`` and return the historical models there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    graph = executor.loader.graph
    nodes = [(app, name) for app, name in targets if name is not None]
    # the models the test writes with besides the site's: users and content types
    nodes += [node for node in graph.leaf_nodes() if node[0] in ("auth", "contenttypes")]
    return executor.loader.project_state(nodes).apps


def test_no_model_change_lacks_a_migration():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_a_database_from_before_the_split_migrates_and_keeps_its_rows(django_user_model):
    old = _migrate(BEFORE_THE_SPLIT)
    user = old.get_model("auth", "User").objects.create(username="old-player")
    Game = old.get_model("puzzles", "Game")
    game = Game.objects.create(
        start_position="s",
        current_position="c",
        human_side="A",
        level="strong",
        rng_seed=7,
        status="over",
        owner_id=user.pk,
        seed="123",
    )
    old.get_model("puzzles", "GameMove").objects.create(
        game=game,
        ply=0,
        side="A",
        by="human",
        move="36",
        position_before="s",
        position_after="c",
        grade="best",
    )
    old.get_model("puzzles", "Analysis").objects.create(position="p", status="done", result={"value": 1})
    puzzle = old.get_model("puzzles", "Puzzle").objects.create(
        position="q",
        side="B",
        kind="win",
        line=["36"],
        solver_moves=1,
        value=5,
        seed="9",
        ply=3,
    )
    old.get_model("puzzles", "PuzzleAttempt").objects.create(puzzle=puzzle, session_key="guest", position="q")
    chapter = old.get_model("puzzles", "Chapter").objects.create(idea="blocking")
    old.get_model("puzzles", "Endgame").objects.create(position="e", chapter=chapter, facts={"line": []})
    old.get_model("puzzles", "GameAnalysis").objects.create(record="r", game=game, session_key="guest")
    ContentType = old.get_model("contenttypes", "ContentType")
    old_type = ContentType.objects.get_or_create(app_label="puzzles", model="game")[0]

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from django.contrib.contenttypes.models import ContentType as NewContentType

    from puzzles.analyses.models import Analysis
    from puzzles.games.models import Game as NewGame
    from puzzles.study.models import Endgame, GameAnalysis
    from puzzles.training.models import Puzzle, PuzzleAttempt

    moved = NewGame.objects.get(pk=game.pk)
    assert (moved.owner.username, moved.seed, moved.status) == ("old-player", "123", "over")
    assert [m.move for m in moved.moves.all()] == ["36"]
    assert Analysis.objects.get(position="p").result == {"value": 1}
    assert PuzzleAttempt.objects.get(session_key="guest").puzzle == Puzzle.objects.get(position="q")
    assert Endgame.objects.get(position="e").chapter.idea == "blocking"
    assert GameAnalysis.objects.get(record="r").game == moved
    assert NewContentType.objects.get(pk=old_type.pk).app_label == "games"
    assert not NewContentType.objects.filter(app_label="puzzles").exists()
