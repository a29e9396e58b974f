from django.urls import path

from . import apis

app_name = "analyses"

urlpatterns = [
    path("api/analyses/", apis.AnalysisCreateApi.as_view(), name="api-analyses"),
    path("api/analyses/<id:analysis_id>/", apis.AnalysisDetailApi.as_view(), name="api-analysis-detail"),
]
