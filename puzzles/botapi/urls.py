from django.urls import path

from . import apis

app_name = "botapi"

# The streams and the move are written as bots elsewhere write them, with no last slash.
urlpatterns = [
    path("api/stream/events", apis.EventStreamApi.as_view(), name="events"),
    path("api/bot/game/stream/<id:game_id>", apis.GameStreamApi.as_view(), name="game-stream"),
    path("api/bot/game/<id:game_id>/move/<str:move>", apis.BotMoveApi.as_view(), name="move"),
    path("api/bot/game/<id:game_id>/resign/", apis.BotResignApi.as_view(), name="resign"),
    path("api/challenge/<id:challenge_id>/accept/", apis.ChallengeAcceptApi.as_view(), name="challenge-accept"),
    path("api/challenge/<id:challenge_id>/decline/", apis.ChallengeDeclineApi.as_view(), name="challenge-decline"),
]
