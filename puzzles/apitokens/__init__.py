"""API tokens: personal tokens and OAuth2 access tokens for programs that use
the API on a player's behalf, each limited to its scopes."""
