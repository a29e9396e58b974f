"""The language of the site: from the browser's Accept-Language on a first
visit, the header's language menu (remembered for the session and, for an
account, applied at every log-in), ``<html lang>``, and no language code in
any URL."""

from __future__ import annotations

import re

import pytest

from puzzles.accounts.models import LanguagePreference

PASSWORD = "a-long-pass-phrase-9"


def html_lang(response) -> str:
    found = re.search(r'<html lang="([^"]+)">', response.content.decode())
    assert found
    return found.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "lang"),
    [("pl-PL,pl;q=0.9,en;q=0.5", "pl"), ("nl-BE,nl;q=0.9", "nl"), ("ro", "ro"), ("de-DE,de;q=0.9", "en")],
)
def test_first_visit_follows_accept_language(client, header, lang):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 200
    assert html_lang(response) == lang


@pytest.mark.django_db
def test_the_language_menu_is_in_the_header_and_remembered(client):
    page = client.get("/how-to-play/").content.decode()
    header = page[page.index('<header class="site-header">') : page.index("</header>")]
    assert 'action="/accounts/language/"' in header
    for code in ("en", "pl", "nl", "ro"):
        assert f'name="language" value="{code}"' in header
    response = client.post("/accounts/language/", {"language": "ro", "next": "/how-to-play/"})
    assert response.status_code == 302
    assert response["Location"] == "/how-to-play/"
    again = client.get("/how-to-play/", HTTP_ACCEPT_LANGUAGE="pl")
    assert html_lang(again) == "ro"
    assert "Cum se joacă dominoul deschis" in again.content.decode()


@pytest.mark.django_db
def test_an_account_keeps_its_language_and_gets_it_back_at_log_in(client, django_user_model):
    user = django_user_model.objects.create_user("dana", password=PASSWORD)
    client.post("/accounts/login/", {"username": "dana", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="nl")
    # No choice yet: the browser's language is used, and not stored as the account's.
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="nl")) == "nl"
    assert not LanguagePreference.objects.filter(user=user).exists()
    client.post("/accounts/language/", {"language": "pl", "next": "/"})
    assert LanguagePreference.objects.get(user=user).language == "pl"
    client.post("/accounts/logout/")

    other = type(client)()  # another browser, which prefers Dutch
    response = other.post("/accounts/login/", {"username": "dana", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 302
    assert html_lang(other.get("/", HTTP_ACCEPT_LANGUAGE="nl")) == "pl"


@pytest.mark.django_db
def test_an_account_without_a_choice_keeps_each_browsers_language_at_log_in(client, django_user_model):
    # Signed up in an English browser, without touching the language menu: nothing stored.
    response = client.post(
        "/accounts/signup/",
        {"username": "fred", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert not LanguagePreference.objects.filter(user__username="fred").exists()
    client.post("/accounts/logout/")
    # Then logged in from a Polish browser: the site stays Polish.
    polish = type(client)()
    response = polish.post("/accounts/login/", {"username": "fred", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 302
    assert html_lang(polish.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "pl"
    # A guest who chose Dutch in the menu, then logs in: the choice becomes the account's.
    dutch = type(client)()
    dutch.post("/accounts/language/", {"language": "nl", "next": "/"}, HTTP_ACCEPT_LANGUAGE="pl")
    dutch.post("/accounts/login/", {"username": "fred", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="pl")
    assert LanguagePreference.objects.get(user__username="fred").language == "nl"
    assert html_lang(dutch.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "nl"


@pytest.mark.django_db
def test_sign_up_keeps_the_language_in_use(client):
    client.post("/accounts/language/", {"language": "ro", "next": "/"})
    response = client.post("/accounts/signup/", {"username": "emil", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    assert LanguagePreference.objects.get(user__username="emil").language == "ro"


@pytest.mark.django_db
def test_no_url_carries_a_language_code(client):
    for lang in ("pl", "nl", "ro"):
        response = client.get("/how-to-play/", HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 200
        links = re.findall(r'(?:href|action)="(/[^"]*)"', response.content.decode())
        assert links
        assert not [link for link in links if re.match(r"/(en|pl|nl|ro)(/|$)", link)]
