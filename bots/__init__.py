"""The reference bot: a small program that plays on the site with an API
token, through the NDJSON streams and the bot API (docs/api.md, "Bots and
streams").  ``python -m bots --url ... --token ... --level ...``; see
README.md."""
