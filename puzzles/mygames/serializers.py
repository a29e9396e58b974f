"""The shapes of the "My games" API, for the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers

from .filters import RESULTS, SPEEDS


class RatingChangeSerializer(serializers.Serializer[object]):
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()


class MyGameSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["practice", "people"])
    variant = serializers.CharField(help_text="The variant as a position string names it (`lewicki`, `block+doubles`).")
    variant_label = serializers.CharField(help_text="The variant in words, in the reader's language.")
    rated = serializers.BooleanField()
    speed = serializers.ChoiceField(choices=list(SPEEDS))
    time_control = serializers.CharField(help_text="`5+3` (minutes and seconds), `3d` (days a move); empty: untimed.")
    seat = serializers.CharField(help_text="Your seat.")
    opponents = serializers.ListField(child=serializers.CharField(), help_text="The other side's players by name.")
    result = serializers.ChoiceField(choices=list(RESULTS), help_text="What the game came to for you.")
    points = serializers.IntegerField(allow_null=True, help_text="Your points (signed); null while played or aborted.")
    created_at = serializers.DateTimeField()
    rating = RatingChangeSerializer(allow_null=True, help_text="Your rating's change (a rated game once rated).")
    play_url = serializers.CharField()
    review_url = serializers.CharField(allow_null=True, help_text="The review, once the game is over (not aborted).")


class MyGamesPageSerializer(serializers.Serializer[object]):
    count = serializers.IntegerField(help_text="The filtered games in all.")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    games = MyGameSerializer(many=True)


class SeatRatingSerializer(RatingChangeSerializer):
    player = serializers.CharField()


class GameRatingStateSerializer(serializers.Serializer[object]):
    status = serializers.ChoiceField(choices=["unrated", "playing", "pending", "rated"])
    ratings = serializers.DictField(child=SeatRatingSerializer(), help_text="By seat: each account's change.")


class RematchOfferSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField(help_text="The rematch's challenge: accept, decline or cancel it there.")
    status = serializers.ChoiceField(choices=["open", "started", "declined", "cancelled", "expired"])
    mine = serializers.BooleanField(help_text="You offered it.")
    by = serializers.CharField(help_text="Who offered it (an account's name; empty: a guest).")
    game = serializers.IntegerField(allow_null=True, help_text="The new game, once accepted.")


class RematchStateSerializer(serializers.Serializer[object]):
    challenge = serializers.IntegerField(
        allow_null=True, help_text="The finished game's challenge: offer at its rematch."
    )
    can_offer = serializers.BooleanField()
    offer = RematchOfferSerializer(allow_null=True)
