"""The course through its API and pages: a guest plays every lesson in order
(a wrong move first, with its reason; then the accepted moves), a lesson
opens only when the one before is finished, positions come in order, bad
input is a 4xx with {"error"}, and the progress follows the guest to their
account at log-in."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.learn.lessons import LESSON_KEYS, LESSONS
from puzzles.learn.models import LessonProgress
from solver import Position

pytestmark = pytest.mark.django_db


def tries(key: str, step: int) -> str:
    return f"/api/learn/{key}/{step}/tries/"


def play(client, key: str, step: int, move) -> tuple[int, dict]:
    answer = client.post(tries(key, step), {"move": move}, content_type="application/json")
    return answer.status_code, answer.json()


def a_wrong_legal_move(key: str, step: int) -> str | None:
    s = LESSONS[key].steps[step - 1]
    return next((str(m) for m in Position.parse(s.position).legal_moves() if str(m) not in s.accepted), None)


def finish(client, key: str) -> None:
    for number, step in enumerate(LESSONS[key].steps, 1):
        status, body = play(client, key, number, step.accepted[0])
        assert status == 201, body
        assert body["correct"], body


def test_a_guest_takes_the_whole_course():
    client = Client()
    course = client.get("/api/learn/").json()
    assert [item["key"] for item in course["lessons"]] == list(LESSON_KEYS)
    assert [item["unlocked"] for item in course["lessons"]] == [True] + [False] * (len(LESSON_KEYS) - 1)
    assert course["next"]["key"] == "placing"
    assert course["done"] == 0
    for index, key in enumerate(LESSON_KEYS):
        lesson = client.get(f"/api/learn/{key}/").json()
        assert lesson["unlocked"]
        assert not lesson["done"]
        assert lesson["current"] == 1
        assert lesson["intro"]
        assert all(p["prompt"] for p in lesson["positions"])
        # Nothing of the answer is sent before a right try.
        assert "accepted" not in str(lesson)
        for number, step in enumerate(LESSONS[key].steps, 1):
            wrong = a_wrong_legal_move(key, number)
            if wrong is not None:
                status, body = play(client, key, number, wrong)
                assert status == 201
                assert not body["correct"]
                assert body["accepted"] == []
                assert body["reason"]["kind"] in ("opponent_plays", "blocked_pips", "double_stranded")
                assert body["reason"]["hint"] == str(LESSONS[key].hint)
                assert body["state"]["current"] == number
            status, body = play(client, key, number, step.accepted[-1])
            assert status == 201, body
            assert body["correct"], body
            assert body["reason"] is None, body
            assert sorted(body["accepted"]) == sorted(step.accepted)
            assert body["board_after"]["position"] == str(Position.parse(step.position).push(step.accepted[-1]))
        assert body["state"]["done"]
        assert body["state"]["current"] is None
        course = client.get("/api/learn/").json()
        assert course["done"] == index + 1
        if index + 1 < len(LESSON_KEYS):
            assert course["lessons"][index + 1]["unlocked"]
            assert course["next"]["key"] == LESSON_KEYS[index + 1]
    assert course["next"] is None
    row = LessonProgress.objects.get(lesson="counting")
    assert row.steps_done == 3
    assert row.completed_at is not None
    assert row.wrong_tries == 3
    assert row.tries == 6
    page = client.get("/learn/").content.decode()
    assert page.count('data-done="true"') == len(LESSON_KEYS)


def test_an_illegal_move_is_wrong_with_the_rule_it_breaks():
    client = Client()
    status, body = play(client, "placing", 1, "13")
    assert status == 201
    assert not body["correct"]
    assert body["reason"]["kind"] == "not_yours"
    assert body["board_after"] is None
    finish(client, "placing")
    status, body = play(client, "rows", 1, "66R")
    assert (status, body["reason"]["kind"]) == (201, "covered")
    assert body["reason"]["text"] == "[6|6] is still covered by [1|1]: play [1|1] first."
    assert "hint" not in body["reason"]


def test_lessons_open_in_order_and_positions_too():
    client = Client()
    status, body = play(client, "rows", 1, "24R")
    assert status == 409
    assert "placing" in body["error"]
    status, body = play(client, "placing", 2, "36L")
    assert status == 409
    assert "position 1" in body["error"]
    assert client.get("/api/learn/rows/").json()["unlocked"] is False
    assert "opens once you finish" in client.get("/learn/rows/").content.decode()
    finish(client, "placing")
    # A solved position can be played again: practice, progress unchanged.
    status, body = play(client, "placing", 1, "00")
    assert status == 201
    assert body["correct"]
    assert body["state"]["done"]
    assert LessonProgress.objects.get(lesson="placing").steps_done == 3


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        (tries("nothing", 1), {"move": "36"}, 404),
        (tries("placing", 0), {"move": "36"}, 404),
        (tries("placing", 4), {"move": "36"}, 404),
        (tries("placing", 99999999999999999999), {"move": "36"}, 404),
        (tries("placing", 1), {"move": "7x"}, 400),
        (tries("placing", 1), {"move": None}, 400),
        (tries("placing", 1), {"move": ["36"]}, 400),
        (tries("placing", 1), {}, 400),
        (tries("placing", 1), ["36"], 400),
    ],
)
def test_bad_input_is_a_4xx_with_an_error(path, body, code):
    answer = Client().post(path, body, content_type="application/json")
    assert answer.status_code == code, answer.content
    assert answer.json()["error"]


def test_unknown_lessons_are_404():
    client = Client()
    assert client.get("/api/learn/nothing/").status_code == 404
    assert "error" in client.get("/api/learn/nothing/").json()
    assert client.get("/learn/nothing/").status_code == 404


def test_the_pages_work_without_the_script():
    client = Client()
    page = client.get("/learn/placing/").content.decode()
    assert "Position 1 of 3" in page
    assert 'id="learn-move"' in page
    answer = client.post("/learn/placing/1/try/", {"move": "99"}, follow=True)
    assert answer.status_code == 200
    answer = client.post("/learn/placing/1/try/", {"move": "13"}, follow=True)
    assert "is not one of your stones" in answer.content.decode()
    answer = client.post("/learn/placing/1/try/", {"move": "33"})
    assert answer.status_code == 302
    assert answer["Location"].endswith("/learn/placing/?step=2")
    page = client.get(answer["Location"]).content.decode()
    assert "Right!" in page
    assert "Position 2 of 3" in page
    assert "1 of 7" not in client.get("/learn/").content.decode()


def test_a_guests_progress_follows_them_when_they_log_in():
    from django.contrib.auth.models import User

    user = User.objects.create_user("learner", "l@example.com", "pw")
    # The account has started the first lesson elsewhere.
    LessonProgress.objects.create(user=user, lesson="placing", steps_done=1, tries=4, wrong_tries=3)
    client = Client()
    finish(client, "placing")
    play(client, "rows", 1, "24R")
    assert client.login(username="learner", password="pw")
    rows = {r.lesson: r for r in LessonProgress.objects.filter(user=user)}
    assert set(rows) == {"placing", "rows"}
    assert rows["placing"].steps_done == 3
    assert rows["placing"].completed_at is not None
    assert rows["placing"].tries == 7
    assert rows["rows"].steps_done == 1
    assert not LessonProgress.objects.filter(user__isnull=True).exists()
    course = client.get("/api/learn/").json()
    assert course["done"] == 1
    assert course["next"]["key"] == "rows"


def test_the_home_page_and_the_menu_lead_newcomers_to_the_course():
    page = Client().get("/").content.decode()
    intro = page[page.index("data-intro") :]
    assert 'class="button learn-link" href="/learn/"' in intro[: intro.index("</section>")]
    menu = page[page.index('id="site-menu"') :]
    assert 'href="/learn/"' in menu[: menu.index("</nav>")]


@pytest.mark.parametrize(
    ("lang", "title"), [("pl", "Zasada rzędów"), ("nl", "De regel van de rijen"), ("ro", "Regula rândurilor")]
)
def test_the_lessons_speak_the_players_language(lang, title):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    course = client.get("/api/learn/").json()
    assert course["lessons"][1]["title"] == title
    status, body = play(client, "placing", 1, "13")
    assert status == 201
    assert body["reason"]["text"] != "[1|3] is not one of your stones."
    assert "[1|3]" in body["reason"]["text"]


def test_the_home_page_leads_back_into_a_course_begun_and_not_to_a_finished_one():
    client = Client()
    finish(client, "placing")
    page = client.get("/").content.decode()
    assert "You have done 1 of 7 lessons of the course." in page
    assert 'class="button learn-link" href="/learn/rows/">Continue: The row rule</a>' in page
    for key in LESSON_KEYS[1:]:
        finish(client, key)
    page = client.get("/").content.decode()
    assert "learn-invite" not in page
