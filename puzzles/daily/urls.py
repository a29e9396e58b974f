from django.urls import path

from . import apis, views

app_name = "daily"

urlpatterns = [
    path("daily/", views.today, name="today"),
    path("daily/archive/", views.archive, name="archive"),
    path("daily/<str:day>/", views.day_page, name="day"),
    path("daily/<str:day>/start/", views.start, name="start"),
    path("daily/<str:day>/move/", views.move, name="move"),
    path("api/daily-deal/", apis.DailyDealApi.as_view(), name="api-deal"),
    path("api/daily-deal/start/", apis.DailyStartApi.as_view(), name="api-start"),
    path("api/daily-deal/<str:day>/ranking/", apis.DailyRankingApi.as_view(), name="api-ranking"),
]
