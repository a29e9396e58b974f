"""The URL tree of the site: every app's pages and API, each in its namespace
(``games:play``, ``training:daily``...).  Paths are a contract: they do not
change when code moves."""

from django.urls import include, path

from . import views

app_name = "site"

urlpatterns = [
    path("", views.home, name="home"),
    path("how-to-play/", views.how_to_play, name="how-to-play"),
]

# Included from config/urls.py next to this module's own patterns.
app_urlpatterns = [
    path("", include("puzzles.analyses.urls")),
    path("", include("puzzles.games.urls")),
    path("", include("puzzles.training.urls")),
    path("", include("puzzles.study.urls")),
    path("", include("puzzles.matches.urls")),
    path("", include("puzzles.people.urls")),
    path("", include("puzzles.daily.urls")),
    path("", include("puzzles.tournaments.urls")),
    path("", include("puzzles.learn.urls")),
    path("", include("puzzles.coach.urls")),
    path("", include("puzzles.insights.urls")),
    path("", include("puzzles.notifications.urls")),
    path("", include("puzzles.mygames.urls")),
    path("", include("puzzles.archive.urls")),
    path("", include("puzzles.chat.urls")),
    path("", include("puzzles.offline.urls")),
    path("", include("puzzles.social.urls")),
    path("", include("puzzles.botapi.urls")),
    path("", include("puzzles.botaccounts.urls")),
    path("", include("puzzles.accounts.urls")),
    path("", include("puzzles.apitokens.urls")),
]
