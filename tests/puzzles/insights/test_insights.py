"""The insights page: crafted finished games (real deals of two variants,
played out by a fixed rule, each of the human's moves given a grade and a
number of points lost) stored for a player, and every figure the page shows
(points lost by phase, by kind of move, by variant, per game, the accuracy)
checked against a count made here, straight from the moves as played: stones
on the table and in the mover's hand counted along the way, doubles and
heavy stones read off the move's digits, a blocking move seen in the next
position's legal moves.  The charts are inline SVG; the page renders in
every language, for a guest too."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from django.contrib.auth import get_user_model

from puzzles.games.models import Game, GameMove
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)


def craft_game(owner, seed: int, variant: str, expected: dict) -> Game:
    """A finished game of ``variant`` in which the human (A) and the solver
    (the other seats) play the first legal move each time; the human's k-th
    move with a choice loses ``k % 3`` points.  Adds what the page should
    show to ``expected``."""
    position = deal(seed, variant)
    game = Game.objects.create(
        owner=owner,
        variant=variant,
        start_position=str(position),
        current_position=str(position),
        human_side="A",
        level="strong",
        rng_seed=seed,
        status=Game.Status.OVER,
        seed=str(seed),
    )
    on_table = 0
    held = {side: position.hand_of(side).count for side in position.seats}
    choices = best = lost_here = 0
    ply = 0
    while not position.is_over():
        legal = position.legal_moves()
        move = legal[0]
        after = position.push(move)
        mover = position.side
        if mover == "A":
            lost = 0
            if len(legal) > 1:
                choices += 1
                lost = choices % 3
                best += lost == 0
                lost_here += lost
                phase = "opening" if on_table < 4 else ("last_five" if held["A"] <= 5 else "middle")
                expected["phases"][phase]["moves"] += 1
                expected["phases"][phase]["points_lost"] += lost
                text = str(move)
                if not move.is_pass:
                    a, b = int(text[0]), int(text[1])
                    highest = 9 if variant.startswith("lewicki9") else 6
                    kinds = set()
                    if a == b:
                        kinds.add("double")
                    if a + b >= (9 if highest == 6 else 14):
                        kinds.add("heavy")
                    if after.is_over():
                        if after.result().reason == "blocked":
                            kinds.add("blocking")
                    elif after.side != "A" and [str(m) for m in after.legal_moves()] == ["pass"]:
                        kinds.add("blocking")
                    for kind in kinds:
                        expected["kinds"][kind]["moves"] += 1
                        expected["kinds"][kind]["points_lost"] += lost
            GameMove.objects.create(
                game=game,
                ply=ply,
                side=mover,
                by=GameMove.By.HUMAN,
                move=str(move),
                position_before=str(position),
                position_after=str(after),
                value=0,
                best_value=lost,
                grade="best" if lost == 0 else "mistake",
                points_lost=lost,
            )
        else:
            GameMove.objects.create(
                game=game,
                ply=ply,
                side=mover,
                by=GameMove.By.SOLVER,
                move=str(move),
                position_before=str(position),
                position_after=str(after),
            )
        if not move.is_pass:
            on_table += 1
            held[mover] -= 1
        position, ply = after, ply + 1
    Game.objects.filter(pk=game.pk).update(current_position=str(position), ply_count=ply)
    expected["games"].append({"lost": lost_here, "accuracy": round(100 * best / choices, 1) if choices else None})
    v = expected["variants"].setdefault(variant, {"games": 0, "points_lost": 0})
    v["games"] += 1
    v["points_lost"] += lost_here
    return game


def empty_expectation() -> dict:
    bucket = lambda: {"moves": 0, "points_lost": 0}  # noqa: E731
    return {"phases": defaultdict(bucket), "kinds": defaultdict(bucket), "variants": {}, "games": []}


def cell_row(page: str, attribute: str, name: str) -> list[str]:
    row = re.search(rf'<tr {attribute}="{re.escape(name)}">(.*?)</tr>', page, re.S)
    assert row, (attribute, name)
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def test_the_insights_agree_with_a_direct_count(client):
    user = get_user_model().objects.create_user("ida", password="x")
    other = get_user_model().objects.create_user("olaf", password="x")
    expected = empty_expectation()
    for seed, variant in [(3, "lewicki"), (4, "block"), (8, "lewicki"), (9, "block"), (12, "block")]:
        craft_game(user, seed, variant, expected)
    craft_game(other, 21, "lewicki", empty_expectation())  # another player's: not counted
    client.force_login(user)
    page = client.get("/insights/").content.decode()

    for phase in ("opening", "middle", "last_five"):
        e = expected["phases"][phase]
        _label, moves, lost, _per = cell_row(page, "data-phase", phase)
        assert (int(moves), int(lost)) == (e["moves"], e["points_lost"]), phase
    assert sum(expected["phases"][p]["moves"] for p in expected["phases"]) > 0
    for kind in ("double", "heavy", "blocking"):
        e = expected["kinds"][kind]
        _label, moves, lost, _per = cell_row(page, "data-kind", kind)
        assert (int(moves), int(lost)) == (e["moves"], e["points_lost"]), kind
    assert all(expected["kinds"][k]["moves"] > 0 for k in ("double", "heavy", "blocking")), expected["kinds"]
    for variant, e in expected["variants"].items():
        _label, games, lost, _per = cell_row(page, "data-variant", variant)
        assert (int(games), int(lost)) == (e["games"], e["points_lost"]), variant
    total = sum(g["lost"] for g in expected["games"])
    assert f"{total} points lost in 5 finished games." in page

    # the per-game charts: one dot a game, oldest first, the points lost and the accuracy as titles
    from puzzles.accounts.players import Player
    from puzzles.insights import selectors

    series = selectors.game_insights(Player(user=user, token=""))["games"]
    assert [g["points_lost"] for g in series] == [g["lost"] for g in expected["games"]]
    assert [g["accuracy"] for g in series] == [g["accuracy"] for g in expected["games"]]
    lost_chart = re.search(r'data-chart="points-lost">(.*?)</figure>', page, re.S).group(1)
    assert "<svg" in lost_chart
    assert re.findall(r"<title>(\d+): ([\d.]+)</title>", lost_chart) == [
        (str(i + 1), str(g["lost"])) for i, g in enumerate(expected["games"])
    ]
    accuracy_chart = re.search(r'data-chart="accuracy">(.*?)</figure>', page, re.S).group(1)
    assert re.findall(r"<title>\d+: ([\d.]+)</title>", accuracy_chart) == [
        str(g["accuracy"]) for g in expected["games"] if g["accuracy"] is not None
    ]


def test_the_puzzle_rating_chart_follows_the_rated_attempts(client):
    from puzzles.training import pool as puzzle_pool
    from puzzles.training.models import Puzzle, PuzzleAttempt

    puzzle_pool.mine_seeds([11])
    client.get("/")  # a guest, known by their session's token
    puzzle = Puzzle.objects.filter(daily_on__isnull=True).first()
    client.post(f"/puzzles/{puzzle.pk}/")
    attempt = PuzzleAttempt.objects.latest("id")
    client.post(f"/puzzles/attempts/{attempt.pk}/give-up/")
    attempt.refresh_from_db()
    page = client.get("/insights/").content.decode()
    chart = re.search(r'data-chart="puzzle-rating">(.*?)</figure>', page, re.S).group(1)
    assert re.findall(r"<title>\d+: ([\d.]+)</title>", chart) == [str(round(attempt.rating_after))]


@pytest.mark.parametrize("language", ["en", "pl", "nl", "ro"])
def test_pages_render_in_every_language(client, language):
    user = get_user_model().objects.create_user(f"lang-{language}", password="x")
    expected = empty_expectation()
    craft_game(user, 3, "lewicki", expected)
    client.force_login(user)
    client.cookies["django_language"] = language
    for url in ("/insights/", "/coach/", "/coach/puzzles/", "/"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        text = response.content.decode()
        assert f'<html lang="{language}"' in text, url
    words = {"en": "Insights", "pl": "Statystyki", "nl": "Inzichten", "ro": "Statistici"}
    assert words[language] in client.get("/insights/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
