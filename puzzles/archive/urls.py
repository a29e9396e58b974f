"""URLs of the archive: imported games (beside the analysis board), the open
data downloads, and their API."""

from django.urls import path

from . import apis, views

app_name = "archive"

urlpatterns = [
    path("analysis/imported/", views.imported, name="imported"),
    path("analysis/imported/<id:game_id>/", views.imported_game, name="imported-game"),
    path("analysis/imported/<id:game_id>/delete/", views.imported_delete, name="imported-delete"),
    path("data/", views.data, name="data"),
    path("data/<str:name>", views.data_file, name="data-file"),
    path("api/imports/", apis.ImportsApi.as_view(), name="api-imports"),
    path("api/open-data/", apis.OpenDataApi.as_view(), name="api-open-data"),
]
