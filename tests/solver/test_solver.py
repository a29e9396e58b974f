"""The compiled core against the reference solver and the independent reference data;
analyses written as JSON and read back."""

from __future__ import annotations

import json
import sys

import pytest
from corpus import assert_main_line_optimal, assert_same, corpus, random_game
from reference_data import reference_analyses

from solver import PASS, Analysis, AnalysisError, DominoError, Position, analyse, deal, grade
from solver.analysis import perft
from solver.reference import ReferenceSolver

sys.setrecursionlimit(10_000)


def test_the_compiled_core_is_built():
    # No silent fallback: the default engine is the compiled core, and it must import.
    from solver import _core

    assert analyse(deal(1)).nodes > 0
    assert _core.table_bytes() <= 64 * 2**20


@pytest.mark.parametrize("engine", ["core", "reference"])
def test_independent_reference_analyses(engine):
    checked = 0
    for record in reference_analyses():
        position = Position.parse(record["position"])
        if engine == "reference" and position.ends is None:
            continue  # fresh deals take the reference ~20 s each; the core covers them
        result = analyse(position, engine=engine).to_json()
        assert result["position"] == record["position"]
        assert result["value"] == record["value"], record["position"]
        assert result["moves"] == record["moves"], record["position"]
        checked += 1
    assert checked >= 40


CORPUS = corpus(24)


@pytest.mark.parametrize(("seed", "positions"), CORPUS, ids=[f"game{s}" for s, _ in CORPUS])
def test_core_agrees_with_reference_on_played_positions(seed, positions):
    solver = ReferenceSolver()  # shared along one game: later positions reuse the memo
    for position in positions:
        assert_same(analyse(position), analyse(position, engine="reference", reference_solver=solver))


def test_corpus_covers_the_cases():
    positions = [p for _, ps in CORPUS for p in ps]
    assert len(positions) + 2 >= 200
    assert sum(p.legal_moves() == [PASS] for p in positions) >= 20
    assert sum(p.is_blocked() for p in positions) >= 5
    assert sum(p.is_domino() for p in positions) >= 5
    assert sum(len(p.played_stones()) >= 18 for p in positions) >= 50  # endgames


@pytest.mark.parametrize("seed", [3, 11])
def test_core_agrees_with_reference_on_fresh_deals(seed):
    position = deal(seed)
    assert_same(analyse(position), analyse(position, engine="reference"))


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_perft_core_matches_python_rules(seed):
    game = random_game(seed)
    for position, depth in ((game[0], 4), (game[8], 5), (game[16], 6)):
        assert perft(position, depth) == perft(position, depth, engine="reference")
    assert perft(game[0], 1) == 7  # the opener's front row
    assert perft(game[0], 2) > 7


def test_table_survives_switching_deals():
    # The table is kept per deal; analysing another deal in between must not leak values.
    a, b = deal(21), deal(22)
    first = analyse(a).to_json()
    analyse(b)
    later = random_game(21)[10]
    analyse(later)
    assert analyse(a).to_json() == first


def test_main_line_is_optimal_and_ends_the_deal():
    for seed in range(40, 46):
        assert_main_line_optimal(deal(seed))


def test_grades_follow_the_rules():
    assert grade(5, 5) == "best"
    assert grade(-3, -3) == "best"
    assert grade(1, 10) == "inaccuracy"
    assert grade(0, 9) == "blunder"
    assert grade(-20, -11) == "inaccuracy"
    assert grade(-21, -11) == "mistake"
    assert grade(5, 15) == "mistake"
    assert grade(-1, 0) == "blunder"
    assert grade(-1, 30) == "blunder"


def test_terminal_positions_have_no_moves_and_their_final_value():
    game = random_game(77)
    end = game[-1]
    analysis = analyse(end)
    assert analysis.moves == ()
    assert analysis.pv == ()
    assert analysis.value == end.final_value()


# ------------------------------------------------------------ analysis JSON

JSON_GAMES = range(20_000, 20_030)


def assert_round_trip(analysis):
    data = analysis.to_json()
    again = Analysis.from_json(data)
    assert again == analysis, str(analysis.position)
    assert again.to_json() == data
    assert Analysis.from_json(json.dumps(data)) == analysis  # the JSON text too
    assert again.nodes == 0  # to_json does not write the search statistic
    assert [e.points_lost for e in again.moves] == [e.points_lost for e in analysis.moves]
    stored = Analysis.from_stored(data)  # the site's own copies, read without the replay
    assert stored == analysis
    assert stored.pv == analysis.pv
    assert [e.points_lost for e in stored.moves] == [e.points_lost for e in analysis.moves]


def test_json_round_trip_core_engine():
    positions = [deal(seed) for seed in range(30)]
    positions += [p for seed in JSON_GAMES for p in random_game(seed)]
    positions += [p for _, ps in CORPUS for p in ps]
    assert sum(p.legal_moves() == [PASS] for p in positions) >= 20
    assert sum(p.is_over() for p in positions) >= 20
    for position in positions:
        assert_round_trip(analyse(position))


def test_json_round_trip_reference_engine():
    checked = 0
    for seed in JSON_GAMES:
        solver = ReferenceSolver()  # shared along one game
        for position in random_game(seed)[10:]:  # earlier positions are slow for the reference
            analysis = analyse(position, engine="reference", reference_solver=solver)
            assert_round_trip(analysis)
            assert analysis == analyse(position)  # nodes differ, and take no part in comparing
            checked += 1
    assert checked >= 300


def test_json_of_the_command_line_reads_back():
    position = random_game(3)[12]
    line = json.dumps(analyse(position).to_json()) + "\n"
    assert Analysis.from_json(line) == analyse(position)


def json_case_analysis():
    """An analysis with moves of different values and grades: enough to break in every way."""
    for seed in JSON_GAMES:
        for position in random_game(seed)[4:]:
            analysis = analyse(position)
            grades = {m.grade for m in analysis.moves}
            if len(analysis.moves) >= 3 and len(grades) >= 3 and len(analysis.pv) >= 4:
                return analysis
    raise AssertionError("no position with three grades")  # pragma: no cover


def off_line(analysis):
    """A main line from ``analysis``'s position that starts with its worst move."""
    worst = analysis.moves[-1].move
    return [worst, *analyse(analysis.position.play(worst)).pv]


def worse_line(analysis):
    """A line that starts with a best move but where the opponent then errs,
    so that it ends the deal with another value."""
    first = analysis.pv[0]
    reply = analyse(analysis.position.play(first))
    wrong = next(m.move for m in reply.moves if m.value != reply.value)
    return [first, wrong, *analyse(analysis.position.play(first).play(wrong)).pv]


def final_analysis():
    return analyse(random_game(7)[-1])


BASE = json_case_analysis()


def edited(change, analysis=None):
    data = json.loads(json.dumps((analysis or BASE).to_json()))
    change(data)
    return data


def set_item(key, value):
    return lambda data: data.__setitem__(key, value)


def set_move(index, key, value):
    return lambda data: data["moves"][index].__setitem__(key, value)


OTHER_STONE = next(str(s) for _, s in BASE.position.opponent_hand.available())
NOT_BEST = next(m for m in BASE.moves if m.grade != "best")
MALFORMED = [
    ("not JSON text", '{"position": "x", value}', "not JSON", "value}"),
    ("JSON text of a list", "[1, 2]", "an analysis is an object", "[1, 2]"),
    ("not an object", None, "an analysis is an object", "None"),
    ("missing key", edited(lambda d: d.pop("pv")), "has no 'pv'", "'pv'"),
    ("unknown key", edited(set_item("nodes", 12)), "unknown key(s) 'nodes'", "'nodes'"),
    ("position not a string", edited(set_item("position", 42)), "position string", "42"),
    ("bad position", edited(set_item("position", "no position")), "bad 'position'", "'no position'"),
    ("value a string", edited(set_item("value", "3")), "'value' is a whole number", "'3'"),
    ("value a boolean", edited(set_item("value", True)), "'value' is a whole number", "True"),
    ("value a float", edited(set_item("value", 2.0)), "'value' is a whole number", "2.0"),
    ("moves not a list", edited(set_item("moves", "36R")), "'moves' is a list", "'36R'"),
    ("move entry not an object", edited(lambda d: d["moves"].__setitem__(0, "36R")), "moves[0] is an object", "'36R'"),
    ("move entry without grade", edited(lambda d: d["moves"][1].pop("grade")), "moves[1] has no 'grade'", "'grade'"),
    (
        "move entry with points lost",
        edited(set_move(1, "points_lost", 0)),
        "unknown key(s) 'points_lost'",
        "'points_lost'",
    ),
    ("move not a string", edited(set_move(0, "move", 36)), "moves[0]['move'] is a move", "36"),
    ("move notation", edited(set_move(0, "move", "7x")), "moves[0]['move']", "'7x'"),
    ("illegal move", edited(set_move(0, "move", OTHER_STONE + "L")), "not legal here", repr(OTHER_STONE + "L")),
    ("move value a string", edited(set_move(0, "value", "1")), "moves[0]['value'] is a whole number", "'1'"),
    ("grade not a grade", edited(set_move(0, "grade", "great")), "moves[0]['grade'] is one of", "'great'"),
    (
        "move listed twice",
        edited(lambda d: d["moves"].__setitem__(-1, dict(d["moves"][0]))),
        "again (as moves[0])",
        repr(str(BASE.moves[0].move)),
    ),
    (
        "legal move left out",
        edited(lambda d: d["moves"].pop()),
        "lacks the legal move(s)",
        repr(str(BASE.moves[-1].move)),
    ),
    ("moves out of order", edited(lambda d: d["moves"].reverse()), "best first", repr(str(BASE.moves[-1].move))),
    ("value not the best", edited(set_item("value", BASE.value + 1)), "best move's value", str(BASE.value + 1)),
    (
        "wrong grade",
        edited(set_move(BASE.moves.index(NOT_BEST), "grade", "best")),
        "its grade is",
        repr(str(NOT_BEST.move)),
    ),
    ("pv not a list", edited(set_item("pv", "pass")), "'pv' is a list", "'pass'"),
    ("pv move not a string", edited(lambda d: d["pv"].__setitem__(2, None)), "pv[2] is a move", "None"),
    ("pv illegal move", edited(lambda d: d["pv"].__setitem__(0, "pass")), "pv[0] 'pass'", "passing is never voluntary"),
    ("pv stops early", edited(lambda d: d["pv"].pop()), "stops after", str(len(BASE.pv) - 1)),
    (
        "pv starts with a worse move",
        edited(set_item("pv", [str(m) for m in off_line(BASE)])),
        "starts with a best move",
        repr(str(BASE.moves[-1].move)),
    ),
    (
        "pv ends with another value",
        edited(set_item("pv", [str(m) for m in worse_line(BASE)])),
        "not 'value'",
        " ".join(map(str, worse_line(BASE))),
    ),
    (
        "move after the end",
        edited(lambda d: d["moves"].append({"move": "pass", "value": 0, "grade": "best"}), final_analysis()),
        "the deal is over",
        "'pass'",
    ),
    (
        "final value",
        edited(lambda d: d.__setitem__("value", d["value"] + 1), final_analysis()),
        "final value",
        str(final_analysis().value + 1),
    ),
]


@pytest.mark.parametrize(("name", "data", "phrase", "quoted"), MALFORMED, ids=[case[0] for case in MALFORMED])
def test_malformed_json_is_refused_with_the_bad_part_quoted(name, data, phrase, quoted):
    with pytest.raises(AnalysisError) as info:
        Analysis.from_json(data)
    message = str(info.value)
    assert isinstance(info.value, DominoError)
    assert isinstance(info.value, ValueError)
    assert message.startswith("analysis JSON: ")
    assert phrase in message, message
    assert quoted in message, message


# The cases whose shape is not the one to_json writes (the rest are its
# shape with wrong moves or values, which only from_json's replay finds).
SHAPES = (
    "not JSON text",
    "JSON text of a list",
    "not an object",
    "missing key",
    "unknown key",
    "position not a string",
    "bad position",
    "value a string",
    "value a float",
    "moves not a list",
    "move entry not an object",
)


@pytest.mark.parametrize(
    ("name", "data", "phrase", "quoted"), [case for case in MALFORMED if case[0] in SHAPES], ids=SHAPES
)
def test_a_stored_analysis_of_another_shape_is_refused_as_from_json_refuses_it(name, data, phrase, quoted):
    # from_stored trusts the moves of a dictionary shaped as to_json writes
    # it; anything else is read by from_json, and refused with its message
    with pytest.raises(AnalysisError) as info:
        Analysis.from_stored(data)
    assert phrase in str(info.value)
    assert quoted in str(info.value)


def test_the_malformed_cases_are_edits_of_a_valid_analysis():
    # guard against a case that breaks something else than it says: the base reads back
    assert Analysis.from_json(edited(lambda d: None)) == BASE
    assert Analysis.from_json(edited(lambda d: None, final_analysis())) == final_analysis()
    assert len(BASE.moves) >= 3
    assert NOT_BEST.value < BASE.value


def test_json_moves_and_position_are_normalised():
    def scramble(move: str) -> str:  # high first, lower case: 02L -> 20l, pass -> PASS
        return "PASS" if move == "pass" else move[1::-1] + move[2:].lower()

    data = edited(lambda d: None)
    data["moves"] = [dict(m, move=scramble(m["move"])) for m in data["moves"]]
    data["pv"] = [scramble(m) for m in data["pv"]]
    front = data["position"].split("/")[0].split(".")
    stone = next(s for s in front if s != "--" and s[0] != s[1])
    data["position"] = data["position"].replace(stone, stone[::-1], 1)
    assert data["position"] != str(BASE.position)
    assert data["moves"] != BASE.to_json()["moves"]
    assert Analysis.from_json(data) == BASE


def test_games_analysed_in_turn_keep_their_tables_entries():
    """A worker serving many players analyses their games in turn: each deal
    keeps its table entries (under its own generation) while the others are
    analysed, so a position of a game seen before costs a fraction of a cold
    search; and the values are the cold search's, however many deals came
    between (more than the core remembers, too)."""
    from solver import _core

    games = [random_game(seed) for seed in (41, 42, 43)]
    mine = games[0][4]
    _core.forget()
    cold = analyse(mine)
    for game in games[1:]:
        analyse(game[4])
    again = analyse(mine)
    assert again == cold
    assert again.nodes * 10 < cold.nodes  # its entries were found again, not searched afresh
    for seed in range(100, 180):  # more deals than are remembered: the oldest are forgotten
        analyse(deal(seed).push(deal(seed).legal_moves()[0]))
    assert analyse(mine) == cold
