from django.urls import path

from . import apis, views

app_name = "botaccounts"

urlpatterns = [
    path("account/bot/", views.upgrade, name="upgrade"),
    path("api/bot/account/upgrade", apis.UpgradeApi.as_view(), name="api-upgrade"),
]
