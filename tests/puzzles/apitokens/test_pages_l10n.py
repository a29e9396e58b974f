"""The tokens page and the apps page in Polish, Dutch and Romanian: the
scopes explained in the reader's language, no English left."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.apitokens.scopes import DESCRIPTIONS

pytestmark = pytest.mark.django_db(transaction=True)

ENGLISH = [
    "Your tokens",
    "Make a token",
    "Apps you authorised",
    "Play your games",
    "Register an app",
    "shown this once",
]


@pytest.mark.parametrize(("lang", "words"), [("pl", "Tokeny API"), ("nl", "API-tokens"), ("ro", "Tokenuri API")])
def test_the_pages_in_other_languages(django_user_model, lang, words):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(django_user_model.objects.create_user("ann", password="a-long-pass-phrase-29"))
    tokens = client.get("/account/tokens/").content.decode()
    made = client.post("/account/tokens/", {"name": "bot", "scopes": ["read"]}).content.decode()
    apps = client.post("/account/apps/", {"name": "x", "redirect_uris": "https://a.example/cb"}).content.decode()
    assert words in tokens
    from django.utils import translation

    with translation.override(lang):
        assert all(str(text) in tokens for text in DESCRIPTIONS.values())  # each scope explained
    for html in (tokens, made, apps):
        assert not [english for english in ENGLISH if english in html]


def test_the_scopes_are_explained_in_english_too(django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("ann", password="a-long-pass-phrase-29"))
    html = client.get("/account/tokens/").content.decode()
    for scope in ("read", "play", "challenge", "bot"):
        assert f'value="{scope}"' in html
    assert "Make, accept and decline challenges" in html
