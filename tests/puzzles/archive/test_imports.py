"""Importing a file of game records: every game stored in the file's order
and opened on the analysis board (or reviewed by the solver), refused whole
with the game and the line named when one does not read, the size limit, a
guest's games handed to their account, nobody else's games shown."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from puzzles.archive import services
from puzzles.archive.models import ImportedGame
from solver import GameRecord, deal
from solver.movetext import Note
from solver.records import read_records, write_records

pytestmark = pytest.mark.django_db

MOVES = ["00", "04L", "46L", "16L", "01L"]


def sample(count: int) -> str:
    records = [
        GameRecord(
            deal(42),
            MOVES[: 2 + n % 4],
            [("Event", f"Club night {n}"), ("Date", "2026-11-02"), ("A", "ann"), ("B", "bob"), ("Seed", "42")],
            [Note(60_000 - n)],
        )
        for n in range(count)
    ]
    return write_records(records)


def test_an_uploaded_file_becomes_games_each_opening_on_the_analysis_board(account):
    ann = account("ann")
    upload = SimpleUploadedFile("club.txt", sample(3).encode(), content_type="text/plain")
    response = ann.post("/analysis/imported/", {"file": upload})
    assert response.status_code == 302
    assert response["Location"] == "/analysis/imported/?imported=3"
    page = ann.get(response["Location"]).content.decode()
    assert "3 games imported." in page
    assert page.count('class="imported-game"') == 3
    games = list(ImportedGame.objects.order_by("number"))
    assert [(g.number, g.event, g.players, g.source) for g in games] == [
        (n + 1, f"Club night {n}", "ann – bob", "club.txt") for n in range(3)
    ]
    assert [list(read_records(g.record))[0] for g in games] == list(read_records(sample(3)))  # nothing lost
    detail = ann.get(f"/analysis/imported/{games[1].pk}/").content.decode()
    board = detail.split('class="imported-board" href="')[1].split('"')[0].replace("&amp;", "&")
    query = parse_qs(urlparse(board).query)
    assert urlparse(board).path == "/analysis/"
    assert query["position"] == [str(deal(42))]
    assert query["line"] == ["00 04L 46L"]
    assert ann.get(board).status_code == 200
    assert 'action="/analysis/games/"' in detail  # the solver's review takes the record as it is
    assert "[%clk 0:00:59.999]" in detail


def test_the_solvers_review_reads_the_imported_record(account, settings):
    ann = account("ann")
    ann.post("/api/imports/", {"records": sample(1)}, format="json")
    game = ImportedGame.objects.get()
    from puzzles.study.records import parse_record

    assert parse_record(game.record) == next(read_records(game.record))


def test_the_api_imports_and_lists_and_a_bad_game_is_named_with_its_line(account):
    ann = account("ann")
    created = ann.post("/api/imports/", {"records": sample(2)}, format="json")
    assert created.status_code == 201
    assert created.json()["imported"] == 2
    assert [g["number"] for g in created.json()["games"]] == [1, 2]
    bad = sample(2) + '\n[Event "broken"]\n[Seed "42"]\n\n1. 00 04L 2. 99L\n'
    line = bad.splitlines().index("1. 00 04L 2. 99L") + 1
    refused = ann.post("/api/imports/", {"records": bad}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"].startswith(f"The file was not imported: game 3, line {line}: ply 3: '99L'")
    assert ImportedGame.objects.count() == 2  # nothing of the refused file
    listed = ann.get("/api/imports/").json()
    assert listed["count"] == 2
    assert [g["event"] for g in listed["games"]] == ["Club night 1", "Club night 0"]  # newest first


def test_a_newer_format_an_empty_file_and_a_file_too_big_are_refused(account, monkeypatch):
    ann = account("ann")
    newer = ann.post("/api/imports/", {"records": '[Format "2"]\n[Seed "42"]\n'}, format="json")
    assert newer.status_code == 400
    assert "version 2 of the record format, newer than this reader" in newer.json()["error"]
    empty = ann.post("/api/imports/", {"records": "\n\n"}, format="json")
    assert empty.status_code == 400
    assert empty.json()["error"] == "The file holds no game record."
    monkeypatch.setattr(services, "MAX_IMPORT_BYTES", 1000)
    big = SimpleUploadedFile("big.txt", sample(20).encode())
    refused = ann.post("/api/imports/", {"file": big}, format="multipart")
    assert refused.status_code == 400
    assert "at most" in refused.json()["error"]
    page = ann.post("/analysis/imported/", {"file": SimpleUploadedFile("big.txt", sample(20).encode())})
    assert page.status_code == 400
    assert "data-form-error" in page.content.decode()
    not_text = ann.post("/api/imports/", {"file": SimpleUploadedFile("x.txt", b"\xff\xfe\x00")}, format="multipart")
    assert not_text.status_code == 400
    assert ImportedGame.objects.count() == 0


def test_too_many_games_in_one_file_are_refused(account, monkeypatch):
    monkeypatch.setattr(services, "MAX_IMPORT_GAMES", 3)
    response = account("ann").post("/api/imports/", {"records": sample(4)}, format="json")
    assert response.status_code == 400
    assert "at most 3 games" in response.json()["error"]


def test_nobody_sees_another_players_imported_games(account):
    ann, bob = account("ann"), account("bob")
    ann.post("/api/imports/", {"records": sample(1)}, format="json")
    game = ImportedGame.objects.get()
    assert bob.get(f"/analysis/imported/{game.pk}/").status_code == 404
    assert bob.get("/api/imports/").json()["count"] == 0
    bob.post(f"/analysis/imported/{game.pk}/delete/")
    assert ImportedGame.objects.count() == 1
    ann.post(f"/analysis/imported/{game.pk}/delete/")
    assert ImportedGame.objects.count() == 0


def test_a_guests_imported_games_go_with_them_to_their_account(client, django_user_model):
    client.get("/")  # a guest
    response = client.post("/analysis/imported/", {"records": sample(2)})
    assert response.status_code == 302
    guest_rows = ImportedGame.objects.filter(owner__isnull=True)
    assert guest_rows.count() == 2
    django_user_model.objects.create_user("gina", password="pw-gina-12345")
    client.post("/accounts/login/", {"username": "gina", "password": "pw-gina-12345"})
    assert ImportedGame.objects.filter(owner__username="gina").count() == 2
    assert client.get("/api/imports/").json()["count"] == 2


def test_the_game_analysis_page_leads_to_the_import(client):
    assert 'class="import-link" href="/analysis/imported/"' in client.get("/analysis/games/").content.decode()
