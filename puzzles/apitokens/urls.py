from django.urls import path
from oauth2_provider.views import RevokeTokenView, TokenView

from . import apis, oauth_views, views

app_name = "apitokens"

urlpatterns = [
    path("account/tokens/", views.tokens_page, name="tokens"),
    path("account/tokens/<id:token_id>/revoke/", views.token_revoke, name="revoke"),
    path("account/authorised/<id:app_id>/revoke/", views.authorised_revoke, name="authorised-revoke"),
    path("account/apps/", oauth_views.apps_page, name="apps"),
    path("account/apps/<id:app_id>/delete/", oauth_views.app_delete, name="app-delete"),
    # OAuth2 (django-oauth-toolkit): the consent page, the token and revocation endpoints.
    path("oauth/authorize/", oauth_views.ConsentView.as_view(), name="authorize"),
    path("oauth/token/", TokenView.as_view(), name="token"),
    path("oauth/revoke_token/", RevokeTokenView.as_view(), name="revoke-token"),
    path("api/account/tokens/", apis.TokenListApi.as_view(), name="api-tokens"),
    path("api/account/tokens/<id:token_id>/", apis.TokenDetailApi.as_view(), name="api-token"),
]
