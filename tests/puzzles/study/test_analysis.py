"""The analysis board: values agree with the solver (and the independent
reference data), invalid positions give the parser's reason, the URL
reproduces the view, the position editor's endpoint normalises."""

from __future__ import annotations

import html
import json
import random
import re
from urllib.parse import parse_qs, quote, urlencode, urlparse

import pytest
from api_checks import assert_schema_documents
from django.test import Client
from invalid_positions import invalid_examples
from reference_data import reference_analyses_path

from solver import Position, analyse, deal
from solver.errors import PositionError

pytestmark = pytest.mark.django_db(transaction=True)


def random_positions(count: int = 12) -> list[Position]:
    """Deals, middlegames and endgames reached by random play."""
    out = []
    rng = random.Random(5)
    for seed in range(count):
        position = deal(seed)
        plies = rng.choice([0, 6, 14, 20])
        for _ in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        out.append(position)
    return out


def page_rows(text: str) -> dict[str, int]:
    return {m: int(v) for m, v in re.findall(r'data-move="([^"]+)" data-value="(-?\d+)"', text)}


def test_api_values_agree_with_the_solver(api):
    for position in random_positions():
        response = api.post("/api/analyses/", {"position": str(position)}, format="json")
        assert response.status_code in (200, 202), response.content
        body = api.get(f"/api/analyses/{response.json()['id']}/").json()
        assert body["status"] == "done"
        expected = analyse(position)
        assert body["result"]["value"] == expected.value
        assert {m["move"]: m["value"] for m in body["result"]["moves"]} == {
            str(m.move): m.value for m in expected.moves
        }
        assert [m["value"] for m in body["result"]["moves"]] == sorted((m.value for m in expected.moves), reverse=True)


def test_page_values_agree_with_the_solver_and_the_reference(client):
    samples = [str(p) for p in random_positions(6)]
    reference = {}
    for line in reference_analyses_path().read_text().splitlines():
        if line.strip():
            item = json.loads(line)
            reference[str(Position.parse(item["position"]))] = item
    samples += list(reference)
    for text in samples:
        # the plain page's "Ask the solver" button: a POST queues, then the page shows the table
        response = client.post("/analysis/?" + urlencode({"position": text}), follow=True)
        assert response.status_code == 200
        page = response.content.decode()
        assert html.escape(text) in page
        expected = analyse(Position.parse(text))
        if expected.is_over:
            assert "The deal is over." in page
            continue
        rows = page_rows(page)
        assert rows == {str(m.move): m.value for m in expected.moves}
        if text in reference:  # an independent implementation of the rules
            assert rows == {
                Position.parse(text).normalise_move(m["move"]).__str__(): m["value"] for m in reference[text]["moves"]
            }


def test_page_shows_grade_outcome_points_lost_and_main_line(client):
    position = random_positions(3)[2]
    expected = analyse(position)
    page = client.post("/analysis/?" + urlencode({"position": str(position)}), follow=True).content.decode()
    table = page[page.index("data-analysis-table") :]
    for entry in expected.moves:
        row = table[table.index(f'data-move="{entry.move}"') :]
        row = row[: row.index("</tr>")]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert str(entry.points_lost) == cells[4].strip()
        assert entry.grade in cells[3] or entry.grade == "inaccuracy" and "inaccuracy" in cells[3]
        assert {"win": "win", "loss": "loss", "draw": "draw"}[entry.outcome] in cells[2]
    assert " ".join(str(m) for m in expected.pv) in page


@pytest.mark.parametrize(("name", "text", "phrase"), invalid_examples())
def test_invalid_positions_get_the_reason(client, api, name, text, phrase):
    with pytest.raises(PositionError) as info:
        Position.parse(text)
    response = api.post("/api/positions/", {"position": text}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == str(info.value)
    assert phrase.lower() in response.json()["error"].lower()
    response = api.post("/api/analyses/", {"position": text}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == str(info.value)
    page = client.get("/analysis/?" + urlencode({"position": text}))
    assert page.status_code == 200
    assert html.escape(str(info.value)) in page.content.decode()
    assert "data-position-error" in page.content.decode()


def test_position_endpoint_normalises(api):
    position = deal(42)
    a, b, ends, side = str(position).split()
    scrambled = " ".join(
        [".".join(s[::-1] for s in a.split("/")[0].split(".")) + "/" + a.split("/")[1], b, ends, side.lower()]
    )
    response = api.post("/api/positions/", {"position": scrambled}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["position"] == str(position)
    assert body["board"]["legal_moves"] == [str(m) for m in position.legal_moves()]
    assert api.post("/api/positions/", {}, format="json").status_code == 400
    assert "error" in api.post("/api/positions/", {}, format="json").json()


def test_url_reproduces_the_view(client):
    start = deal(9)
    pv = analyse(start).pv
    line = [str(m) for m in pv[:5]]
    current = start
    for m in line:
        current = current.push(m)
    url = "/analysis/?" + urlencode({"position": str(start), "line": " ".join(line)})
    first = client.post(url, follow=True).content.decode()  # asked once (the script does it with the API)
    again = Client().get(url).content.decode()  # someone else opening the shared link
    for page in (first, again):
        assert f"<code data-current-position>{html.escape(str(current))}</code>" in page
        assert page_rows(page) == {str(m.move): m.value for m in analyse(current).moves}
        data = json.loads(
            re.search(r'<script id="analysis-data" type="application/json">(.*?)</script>', page, re.S).group(1)
        )
        assert data["position"] == str(start)
        assert data["moves"] == line
        assert data["board"]["position"] == str(current)
        assert data["result"]["value"] == analyse(current).value
    # every move in the table links to the view after it
    move = str(analyse(current).moves[0].move)
    assert f"line={'+'.join(line)}+{move}" in first.replace("%2B", "+")


def test_an_illegal_line_keeps_the_legal_part(client):
    start = deal(9)
    first = str(start.legal_moves()[0])
    page = client.get("/analysis/?" + urlencode({"position": str(start), "line": f"{first} 66L"})).content.decode()
    text = html.unescape(page)
    assert "'66L'" in text
    assert 'class="message error"' in page
    assert html.escape(str(start.push(first))) in page


def test_empty_board_page_has_the_paste_box(client):
    page = client.get("/analysis/").content.decode()
    assert 'name="position"' in page
    assert "/analysis/editor/" in page


def test_editor_page(client):
    page = client.get("/analysis/editor/").content.decode()
    assert 'id="editor-root"' in page
    assert "data-api-positions" in page
    page = client.get("/analysis/editor/?" + urlencode({"position": str(deal(3))})).content.decode()
    assert "data-normalised" in page
    assert html.escape(str(deal(3))) in page
    page = client.get("/analysis/editor/?position=nonsense").content.decode()
    assert "data-position-error" in page


def test_review_page_links_to_analysis(client, api):
    seed = next(s for s in range(100) if deal(s).side == "A")
    game = api.post("/api/games/", {"seed": seed, "human": "A", "level": "perfect"}, format="json").json()
    move = game["legal_moves"][0]
    api.post(f"/api/games/{game['id']}/moves/", {"move": move, "ply": game["ply"]}, format="json")
    page = api.get(f"/games/{game['id']}/review/").content.decode()
    assert "/analysis/?position=" in page


def test_openapi_describes_the_study_api(api):
    assert_schema_documents(
        api,
        (
            "/api/positions/",
            "/api/game-analyses/",
            "/api/game-analyses/{analysis_id}/",
            "/api/endgames/",
            "/api/endgames/{endgame_id}/",
            "/api/endgames/{endgame_id}/progress/",
        ),
    )


def test_position_endpoint_plays_a_line(api):
    start = deal(4)
    pv = [str(m) for m in analyse(start).pv[:6]]
    body = api.post("/api/positions/", {"position": str(start), "moves": pv}, format="json").json()
    positions = list(start.line(pv))
    assert body["moves"] == pv
    assert body["positions"] == [str(p) for p in positions]
    assert body["current"] == str(positions[-1]) == body["board"]["position"]
    assert len(body["board"]["line"]) == len([m for m in pv if m != "pass"])
    bad = api.post("/api/positions/", {"position": str(start), "moves": pv[:2] + ["66L"]}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("move 3:")


def test_overlong_input_is_refused_cleanly(client, api):
    page = client.get("/analysis/?" + urlencode({"position": "1" * 5000}))
    assert page.status_code == 200
    assert "at most 200 characters" in page.content.decode()
    response = api.post("/api/positions/", {"position": "1" * 5000}, format="json")
    assert response.status_code == 400
    assert "200" in response.json()["error"]


def test_an_illegal_line_move_is_named_and_given_to_the_page_script(client):
    start = deal(9)
    first = str(start.legal_moves()[0])
    page = client.get(
        "/analysis/?" + urlencode({"position": str(start), "line": f"{first} 99L", "ply": "0"})
    ).content.decode()
    data = json.loads(
        re.search(r'<script id="analysis-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    )
    assert "Move 2 of the line, 99L, was not played" in data["line_error"]
    assert data["moves"] == [first]
    assert data["ply"] == 0


def test_a_get_of_the_analysis_board_stores_and_queues_nothing(client, no_tasks):
    from puzzles.analyses.models import Analysis

    url = "/analysis/?" + urlencode({"position": str(deal(11))})
    page = client.get(url).content.decode()
    assert Analysis.objects.count() == 0
    assert no_tasks == []
    assert "data-ask-solver" in page
    assert 'http-equiv="refresh"' not in page
    answer = client.post(url)
    assert answer.status_code == 302
    assert answer["Location"] == url
    assert Analysis.objects.filter(position=str(deal(11))).count() == 1
    assert len(no_tasks) == 1
    page = client.get(url).content.decode()
    assert 'http-equiv="refresh"' in page
    assert "data-ask-solver" not in page


# ---------------------------------------------------------------- variants

VARIANT_NAMES = [
    "lewicki+doubles",
    "lewicki9",
    "lewicki9+doubles",
    "block",
    "block+doubles",
    "partnership",
    "partnership+doubles",
]


def variant_position(variant: str, plies: int) -> Position:
    rng = random.Random(f"{variant}{plies}")
    position = deal(plies + 3, variant)
    for _ in range(plies):
        if position.result() is not None:
            break
        position = position.play(rng.choice(position.legal_moves()))
    return position


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_analysis_page_of_every_variant_agrees_with_the_solver(client, variant):
    for plies in (0, 7):
        start = variant_position(variant, plies)
        text = str(start)
        assert text.split()[0] == variant
        response = client.post("/analysis/?" + urlencode({"position": text}), follow=True)
        page = response.content.decode()
        assert response.status_code == 200
        assert html.escape(text) in page
        expected = analyse(start)
        if expected.is_over:
            assert "The deal is over." in page
            continue
        assert page_rows(page) == {str(m.move): m.value for m in expected.moves}
        assert " ".join(str(m) for m in expected.pv) in page
        data = json.loads(
            re.search(r'<script id="analysis-data" type="application/json">(.*?)</script>', page, re.S).group(1)
        )
        assert data["board"]["variant"] == variant
        # The variant is named in words, with its option.
        assert data["variant"].endswith("doubles play again") == variant.endswith("+doubles")
        assert html.escape(data["variant"]) in page
        assert set(data["board"]["hands"]) == set(start.variant.seats)
        # The server-drawn board has every seat of the variant.
        assert len(re.findall(r'data-seat="\w" data-place=', page)) == len(start.variant.seats)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_line_of_a_variant_in_the_url(client, variant):
    start = deal(9, variant)
    moves, position = [], start
    for _ in range(5):
        if position.result() is not None:
            break
        move = position.legal_moves()[0]
        moves.append(str(move))
        position = position.play(move)
    page = client.get("/analysis/?" + urlencode({"position": str(start), "line": " ".join(moves)})).content.decode()
    data = json.loads(
        re.search(r'<script id="analysis-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    )
    assert data["moves"] == moves
    assert data["board"]["position"] == str(position)
    assert data["board"]["legal_moves"] == [str(m) for m in position.legal_moves()]
    assert data["line_error"] is None


@pytest.mark.parametrize("variant", ["lewicki", "lewicki9", "block+doubles", "partnership"])
def test_a_deal_number_opens_that_deal_of_the_variant(client, variant):
    response = client.get("/analysis/?" + urlencode({"deal": "1234", "variant": variant}))
    assert response.status_code == 302
    assert response["Location"] == "/analysis/?" + urlencode({"position": str(deal(1234, variant))})
    # "random" (the random-deal button, whatever number was typed): some deal of the variant.
    response = client.get("/analysis/?" + urlencode([("variant", variant), ("deal", "random"), ("deal", "5")]))
    assert response.status_code == 302
    dealt = Position.parse(parse_qs(urlparse(response["Location"]).query)["position"][0])
    assert str(dealt.variant) == variant
    assert dealt.ends is None


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"deal": "-1", "variant": "block"}, "deal number"),
        ({"deal": "x", "variant": "block"}, "deal number"),
        ({"deal": "²", "variant": "block"}, "deal number"),
        ({"deal": str(2**64), "variant": "block"}, "deal number"),
        ({"deal": "3", "variant": "chess"}, "chess"),
    ],
)
def test_a_bad_deal_is_explained_on_the_empty_page(client, no_tasks, query, words):
    response = client.get("/analysis/?" + urlencode(query))
    assert response.status_code == 200
    error = re.search(r"data-deal-error>(.*?)</p>", response.content.decode(), re.S).group(1)
    assert words in html.unescape(error).lower()


def test_the_empty_page_offers_every_variant_and_deals(client):
    page = client.get("/analysis/").content.decode()
    assert re.findall(r'<option value="([^"]+)"', page) == [
        "lewicki",
        "lewicki+doubles",
        "lewicki9",
        "lewicki9+doubles",
        "block",
        "block+doubles",
        "partnership",
        "partnership+doubles",
    ]
    assert "data-random-deal" in page
    assert "data-deal-number" in page


@pytest.mark.parametrize("variant", ["lewicki9", "block+doubles", "partnership"])
def test_the_editor_lays_out_a_deal_of_the_variant(client, variant):
    page = client.get("/analysis/editor/?" + urlencode({"variant": variant, "deal": "77"})).content.decode()
    assert f'data-initial="{html.escape(str(deal(77, variant)))}"' in page
    # The plain page links to the review of a game from this deal, as the script does.
    assert f'href="/analysis/games/?position={quote(str(deal(77, variant)), safe="/")}" data-review-link' in page
    assert f'data-variant="{variant}"' in page
    empty = client.get("/analysis/editor/?" + urlencode({"variant": variant})).content.decode()
    assert f'data-variant="{variant}"' in empty
    assert 'data-initial=""' in empty
    assert 'style="' not in page
