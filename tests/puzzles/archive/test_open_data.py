"""The monthly open data file: every rated game between people that ended
in the month, streamed into a bzip2 file of records with its SHA-256 beside
it; games of other months, casual, practice and aborted games left out; the
file read back through the solver's parser; the downloads page and its files."""

from __future__ import annotations

import bz2
import hashlib
from datetime import UTC, date, datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from puzzles.archive import services
from puzzles.archive.models import OpenDataFile
from puzzles.games.models import Game
from solver.records import read_records_from

from .games import many_games

pytestmark = pytest.mark.django_db

OCTOBER = date(2026, 10, 1)


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.OD_OPEN_DATA_DIR = tmp_path / "open-data"
    return settings.OD_OPEN_DATA_DIR


@pytest.fixture
def month_of_games(account):
    ann, bob = account("ann"), account("bob")
    seats = {"A": ann.user, "B": bob.user}
    rated = many_games(seats, 5, ratings={"A": (1500.0, 1510.0), "B": (1500.0, 1490.0)})
    early = many_games(seats, 1, at=datetime(2026, 10, 1, 0, 0, 1, tzinfo=UTC), first_seed=400)
    late = many_games(seats, 1, at=datetime(2026, 10, 31, 23, 59, 55, tzinfo=UTC), first_seed=401)  # ends in November
    many_games(seats, 2, at=datetime(2026, 9, 30, 12, 0, tzinfo=UTC), first_seed=500)  # September
    many_games(seats, 2, rated=False, first_seed=600)  # casual
    many_games(seats, 1, result={"winner": None, "points": 0, "reason": "aborted", "aborted": "A"}, first_seed=700)
    practice = many_games(seats, 1, first_seed=800)[0]
    Game.objects.filter(pk=practice.pk).update(kind=Game.Kind.PRACTICE, people="")
    playing = many_games(seats, 1, first_seed=900)[0]
    Game.objects.filter(pk=playing.pk).update(status=Game.Status.YOUR_MOVE)
    return [*early, *rated], late


def read_file(path):
    with bz2.open(path, "rt", encoding="utf-8") as lines:
        return list(read_records_from(lines))


def test_the_command_writes_the_months_rated_games_with_their_checksum(data_dir, month_of_games, capsys):
    expected, _late = month_of_games
    call_command("open_data", "--month", "2026-10")
    name = "open-domino-rated-2026-10.txt.bz2"
    path = data_dir / name
    assert capsys.readouterr().out.startswith(f"{path}: 6 games, ")
    records = read_file(path)
    assert [int(r.tag("GameId")) for r in records] == [g.pk for g in expected]  # oldest end first
    assert {r.tag("Event") for r in records} == {"Rated game between people"}
    assert records[-1].tag("ARating") == "1500"
    assert records[-1].tag("You") is None  # nobody's export: no reader's seat
    assert all(any(c is not None for c in r.clocks) for r in records)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert (data_dir / f"{name}.sha256").read_text() == f"{digest}  {name}\n"
    row = OpenDataFile.objects.get()
    assert (row.month, row.name, row.games, row.size, row.sha256) == (OCTOBER, name, 6, path.stat().st_size, digest)
    assert not list(data_dir.glob("*.part"))


def test_a_written_month_is_kept_unless_forced_and_a_month_not_over_is_refused(data_dir, month_of_games):
    first = services.open_data_write(OCTOBER)
    again = services.open_data_write(date(2026, 10, 20))
    assert again.pk == first.pk
    assert again.created_at == first.created_at
    forced = services.open_data_write(OCTOBER, force=True)
    assert forced.sha256 == first.sha256  # the same games give the same bytes
    with pytest.raises(CommandError, match="not over"):
        call_command("open_data", "--month", "2999-01")
    with pytest.raises(CommandError, match="YYYY-MM"):
        call_command("open_data", "--month", "October")


def test_an_empty_month_is_a_file_of_no_games(data_dir):
    row = services.open_data_write(date(2025, 2, 1))
    assert row.games == 0
    assert read_file(data_dir / row.name) == []


def test_the_task_writes_last_month(data_dir, month_of_games, monkeypatch):
    from puzzles.archive import tasks

    monkeypatch.setattr(services.timezone, "now", lambda: datetime(2026, 11, 1, 1, 30, tzinfo=UTC))
    assert tasks.open_data_month_task() == "open-domino-rated-2026-10.txt.bz2"
    assert services.previous_month(datetime(2027, 1, 5, tzinfo=UTC)) == date(2026, 12, 1)


def test_the_beat_writes_it_on_the_first_of_each_month(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["open-data-month"]
    assert entry["task"] == "puzzles.archive.tasks.open_data_month_task"
    assert entry["schedule"].day_of_month == {1}


def test_the_downloads_page_lists_each_file_and_serves_it(client, data_dir, month_of_games):
    row = services.open_data_write(OCTOBER)
    home = client.get("/").content.decode()
    assert 'href="/data/"' in home  # the footer
    page = client.get("/data/").content.decode()
    assert "CC0" in page
    assert f'href="/data/{row.name}"' in page
    assert row.sha256 in page
    assert ">6<" in page
    response = client.get(f"/data/{row.name}")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert hashlib.sha256(b"".join(response.streaming_content)).hexdigest() == row.sha256
    checksum = client.get(f"/data/{row.name}.sha256")
    assert checksum.content.decode() == f"{row.sha256}  {row.name}\n"
    assert client.get("/data/open-domino-rated-2026-09.txt.bz2").status_code == 404
    assert client.get("/data/..%2Fdb.sqlite3").status_code == 404
    listed = client.get("/api/open-data/").json()
    assert listed == [
        {
            "month": "2026-10",
            "name": row.name,
            "size": row.size,
            "games": 6,
            "sha256": row.sha256,
            "url": f"/data/{row.name}",
            "checksum_url": f"/data/{row.name}.sha256",
        }
    ]


def test_the_page_says_so_when_no_file_is_written_yet(client, data_dir):
    assert "No file yet" in client.get("/data/").content.decode()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["Otwarte dane", "do domeny publicznej", "Miesiąc", "partie zakończone w tym miesiącu"]),
        ("nl", ["Open data", "in het publieke domein", "Maand", "de partijen die in die maand eindigden"]),
        ("ro", ["Date deschise", "dedicate domeniului public", "Luna", "partidele încheiate în luna aceea"]),
    ],
)
def test_the_downloads_and_import_pages_in_other_languages(client, data_dir, month_of_games, lang, words):
    ann = client
    services.open_data_write(OCTOBER)
    page = ann.get("/data/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert all(word in page for word in words), [w for w in words if w not in page]
    imported = ann.get("/analysis/imported/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    intro = {"pl": "Prześlij plik z zapisami partii", "nl": "Upload een bestand", "ro": "Încarcă un fișier"}[lang]
    assert intro in imported
    assert "Upload a file" not in imported
