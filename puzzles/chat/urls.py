from django.urls import path

from . import apis

app_name = "chat"

urlpatterns = [
    path("api/chat/games/<id:game_id>/players/", apis.GamePlayersRoomApi.as_view(), name="api-game-players"),
    path("api/chat/games/<id:game_id>/spectators/", apis.GameSpectatorsRoomApi.as_view(), name="api-game-spectators"),
    path("api/chat/tournaments/<id:tournament_id>/", apis.TournamentRoomApi.as_view(), name="api-tournament"),
    path("api/chat/messages/<id:message_id>/report/", apis.MessageReportApi.as_view(), name="api-report"),
]
