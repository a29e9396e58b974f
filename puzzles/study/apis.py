"""The study API: position checks, game analyses, the endgame library.
Thin DRF views; every error is ``{"error": "..."}`` (``core.api.exception_handler``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.core import fairness
from puzzles.core.api import error_response, validated
from puzzles.core.contract import ExactlyOne, move_field, position_field
from puzzles.core.errors import ApplicationError
from puzzles.core.ids import LARGEST
from puzzles.core.parsers import StrictJSONParser
from puzzles.core.vocabulary import GRADES, OUTCOMES, SIDES
from puzzles.games.selectors import game_get_for_player
from solver import VARIANTS
from solver.variant import SEATS

from . import presentation, records, selectors
from . import services as study_services

ERRORS = {
    **error_response(400, "Bad input (invalid position, malformed or illegal move)."),
    **error_response(404, "No such game, or another player's game."),
}

# ------------------------------------------------------------------ shapes


class PositionInputSerializer(serializers.Serializer):
    position = position_field(max_length=200)
    moves = serializers.ListField(
        child=move_field(),
        required=False,
        max_length=60,
        help_text="Moves to play from the position (the analysis board's line); the board is the one after them. "
        "A move that is not legal where it comes is a 400 that names it.",
    )


class PositionOutputSerializer(serializers.Serializer):
    position = serializers.CharField(help_text="The position, normalised.")
    moves = serializers.ListField(child=serializers.CharField(), help_text="The moves, normalised.")
    positions = serializers.ListField(child=serializers.CharField(), help_text="The position after each move.")
    current = serializers.CharField(help_text="The position after the moves (the position itself without moves).")
    board = serializers.JSONField(
        help_text="Position.to_json() of the current position: hands, ends, legal moves, result, and the "
        "table in played order."
    )


class GameAnalysisInputSerializer(serializers.Serializer):
    record = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=records.MAX_RECORD_CHARS,
        help_text="A game record of any variant (README 'Game records'; a `[Variant \"block\"]` tag or a "
        "Start position naming the variant): tags and moves, or a bare position string and moves.",
    )
    game_id = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=LARGEST,
        help_text="One of your practice games instead.",
    )
    hands = serializers.ListField(
        child=serializers.CharField(
            max_length=120,
            error_messages={"blank": _("a hand holds stones: this one is empty")},
        ),
        required=False,
        min_length=2,
        max_length=4,
        help_text="A deal typed in as it was: every seat's hand in seat order (A, B; C, D in partnership), "
        "stones separated by spaces, dots or commas; a rows hand is `front/back`. With `variant`, `out` and `moves`.",
    )
    variant = serializers.ChoiceField(
        choices=[str(v) for v in VARIANTS],
        required=False,
        default="lewicki",
        help_text="The variant of the deal in `hands` (docs/rules.md section 4), with `+doubles` for the option.",
    )
    out = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=200,
        help_text="The stones that stayed out (block, lewicki9); left out: every stone of the set not in a hand.",
    )
    moves = serializers.ListField(
        child=move_field(),
        required=False,
        max_length=200,
        help_text="The moves of the deal in `hands`, in the order they were played (`66`, `36L`, `pass`); a "
        "later stone may be written bare (`36`) when only one end takes it.",
    )

    class Meta:
        validators = [
            ExactlyOne(
                "record",
                "game_id",
                "hands",
                message=_(
                    "give exactly one of record, game_id or hands (or upload the record as the file of a multipart body)"
                ),
            )
        ]


class GameAnalysisUploadSerializer(serializers.Serializer):
    """A multipart body: the record as a file, and nothing else (the other
    ways in are JSON: a form's fields would not read as JSON's lists)."""

    file = serializers.FileField(
        help_text="The game record as an uploaded text file; a multipart body's other fields are ignored.",
        error_messages={
            "required": _("a multipart body holds the game record as its file; give record, game_id or hands as JSON")
        },
    )


class SummarySerializer(serializers.Serializer):
    moves = serializers.IntegerField()
    choices = serializers.IntegerField(help_text="Moves made with two or more legal moves to choose from.")
    accuracy = serializers.FloatField(help_text="Percentage of the choices in which the best value was kept.")
    points_lost = serializers.IntegerField()
    best = serializers.IntegerField()
    inaccuracy = serializers.IntegerField()
    mistake = serializers.IntegerField()
    blunder = serializers.IntegerField()


class GradedPlySerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="1 for the first move.")
    side = serializers.ChoiceField(choices=list(SEATS), help_text="The seat that moved.")
    position = serializers.CharField(help_text="Before the move.")
    move = serializers.CharField()
    value = serializers.IntegerField(help_text="For the mover's team.")
    best = serializers.IntegerField(help_text="The best value in that position, for the mover's team.")
    best_moves = serializers.ListField(child=serializers.CharField())
    grade = serializers.ChoiceField(choices=list(GRADES))
    points_lost = serializers.IntegerField()
    forced = serializers.BooleanField(help_text="Only one legal move (or a forced pass).")


class GameReviewSerializer(serializers.Serializer):
    tags = serializers.DictField(child=serializers.CharField())
    start = serializers.CharField()
    final = serializers.CharField()
    result = serializers.CharField(help_text="'A 12 domino', 'draw blocked', or '*' when unfinished.")
    plies = GradedPlySerializer(many=True)
    summary = serializers.DictField(child=SummarySerializer(), help_text="Per seat: keyed by 'A', 'B' (and 'C', 'D').")
    teams = serializers.DictField(
        child=SummarySerializer(), help_text="Per team: keyed by 'A' and 'B', or 'A+C' and 'B+D' in partnership."
    )
    values = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The value for A's team of the start and of the position after each ply.",
    )


class GameAnalysisOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "running", "done", "failed"])
    progress = serializers.IntegerField(help_text="Plies graded so far.")
    total = serializers.IntegerField(help_text="Plies in the record.")
    source = serializers.ChoiceField(choices=["paste", "upload", "game"])  # type: ignore[assignment]
    game_id = serializers.IntegerField(allow_null=True)
    variant = serializers.CharField(help_text="The record's variant ('lewicki', 'block', 'partnership+doubles', ...).")
    seats = serializers.ListField(child=serializers.ChoiceField(choices=list(SEATS)), help_text="In playing order.")
    teams = serializers.ListField(child=serializers.CharField(), help_text="The two sides: 'A', 'B' or 'A+C', 'B+D'.")
    record = serializers.CharField(help_text="The record, normalised (it parses back to the same game).")
    result = GameReviewSerializer(allow_null=True)
    error = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    urls = serializers.DictField(
        child=serializers.CharField(), help_text="`self`, `page`, and `share`: the page for anyone holding the link."
    )


class ProgressSerializer(serializers.Serializer):
    studied = serializers.BooleanField()
    mastered = serializers.BooleanField()


class ProgressAnswerSerializer(ProgressSerializer):
    pending = serializers.BooleanField(help_text="The line is being checked (202): post it again shortly.")


class EndgameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    position = serializers.CharField()
    side = serializers.ChoiceField(choices=list(SIDES))
    value = serializers.IntegerField(help_text="For the side to move, with perfect play.")
    difficulty = serializers.IntegerField(help_text="1 (easy) to 5 (very hard).")
    difficulty_label = serializers.CharField()
    order = serializers.IntegerField()
    progress = ProgressSerializer()
    url = serializers.CharField()
    api = serializers.CharField()


class ChapterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    idea = serializers.ChoiceField(choices=list(study_services.CHAPTER_ORDER))
    title = serializers.CharField()
    intro = serializers.CharField()
    endgames = EndgameSummarySerializer(many=True)
    studied = serializers.IntegerField()
    mastered = serializers.IntegerField()


class AlternativeSerializer(serializers.Serializer):
    move = serializers.CharField()
    value = serializers.IntegerField(help_text="For the mover.")
    grade = serializers.CharField()
    reply = serializers.CharField(allow_null=True, help_text="The defender's refutation (null: the deal is over).")
    line = serializers.ListField(child=serializers.CharField(), help_text="The refutation and what follows.")
    text = serializers.CharField()


class StepSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="0 for the first move of the endgame.")
    side = serializers.ChoiceField(choices=list(SIDES))
    student = serializers.BooleanField(help_text="A move of the side that is to move at the start.")
    move = serializers.CharField()
    value = serializers.IntegerField(help_text="For the mover: the value of the position before it.")
    value_text = serializers.CharField()
    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    legal = serializers.IntegerField(help_text="How many legal moves there were.")
    best_moves = serializers.ListField(child=serializers.CharField())
    position = serializers.CharField(help_text="Before the move.")
    text = serializers.CharField(help_text="The annotation, in the request's language.")
    alternatives = AlternativeSerializer(many=True)


class EndgameSerializer(EndgameSummarySerializer):
    chapter = serializers.DictField()
    intro = serializers.CharField()
    key = serializers.CharField(help_text="The first move of the main line.")
    steps = StepSerializer(many=True, help_text="The main line to the end of the deal, annotated.")
    boards = serializers.ListField(
        child=serializers.JSONField(), help_text="The board before each step, and at the end."
    )
    final = serializers.DictField()
    analysis_url = serializers.CharField()
    previous = serializers.CharField(allow_null=True)
    next = serializers.CharField(allow_null=True)


class ProgressInputSerializer(serializers.Serializer):
    moves = serializers.ListField(
        child=move_field(),
        required=False,
        max_length=40,
        help_text="The whole line played from the start (both sides): when every move keeps the best value "
        "and the deal is over, the endgame is mastered. Leave out to mark it studied only. A move that is not "
        "legal where it comes is a 400 that names it.",
    )


# ------------------------------------------------------------------- views


class PositionApi(APIView):
    @extend_schema(
        summary="Check and normalise a position",
        description="For the position editor and the analysis board: 200 with the normalised position and "
        "the board after `moves` (if given), or 400 with the reason the position (or a move) is invalid.",
        request=PositionInputSerializer,
        responses={
            200: PositionOutputSerializer,
            400: ERRORS[400],
            **error_response(403, "A position of a game between people in progress."),
        },
        examples=[
            OpenApiExample(
                "High digit first is normalised",
                request_only=True,
                value={
                    "position": "54.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - b"
                },
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(PositionInputSerializer, request)
        position = study_services.position_normalise(data["position"])
        state = presentation.position_state(position, data.get("moves") or [])
        fairness.refuse(
            state["position"], *state["positions"], player=Player.of(request)
        )  # 403: a game between people in progress
        return Response(state)


class GameAnalysisListCreateApi(SolverWorkLimited, APIView):
    # JSON, or multipart for an uploaded file only (a form's fields are not
    # read: they would not read as JSON's lists and numbers do).
    parser_classes = [StrictJSONParser, MultiPartParser]

    # A record to grade is solver work on the workers: the analyses' limit
    # (counted on a POST only; the list is a read).
    @extend_schema(summary="Your game analyses", responses={200: GameAnalysisOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        rows = selectors.game_analyses_for_player(Player.of(request))[:50]
        return Response([presentation.game_analysis_state(a) for a in rows])

    @extend_schema(
        summary="Analyse a game",
        description="Grade every move of a game record of any variant (JSON `record`, or a multipart body whose "
        "`file` is the record: its other fields are ignored), of a deal typed in (`hands`, `variant`, `out`, "
        "`moves`: the double-dummy review of a closed game) or of one of your practice games (`game_id`). Answers 202 at once with the analysis queued; poll "
        "GET /api/game-analyses/<id>/ (`progress` of `total` plies) until `status` is 'done'. "
        "Each move's value is for the mover's team. A record that does not replay is 400 with the reason "
        "(which move, counted from 1 in playing order, and why), and nothing is stored.",
        request={"application/json": GameAnalysisInputSerializer, "multipart/form-data": GameAnalysisUploadSerializer},
        responses={
            202: GameAnalysisOutputSerializer,
            400: ERRORS[400],
            404: ERRORS[404],
            **error_response(
                403,
                "The deal of a game between people in progress, or today's daily deal before your "
                "own game of it is over.",
            ),
        },
        examples=[
            OpenApiExample("A record", request_only=True, value={"record": '[Seed "42"]\n\n1. 00 04L 2. 46L 16L'}),
            OpenApiExample(
                "A block deal typed in",
                request_only=True,
                value={
                    "variant": "block",
                    "hands": ["04 23 16 05 01 26 56", "06 44 36 12 25 33 45"],
                    "moves": ["44", "04L"],
                },
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        if request.content_type.startswith("multipart/"):
            files = {"file": request.FILES["file"]} if "file" in request.FILES else {}
            upload = validated(GameAnalysisUploadSerializer, request, files)
            player = Player.of(request, create=True)
            analysis = study_services.game_analysis_create(
                player=player, record=_read_upload(upload["file"]), source="upload"
            )
            analysis.refresh_from_db()
            return Response(presentation.game_analysis_state(analysis), status=status.HTTP_202_ACCEPTED)
        data = validated(GameAnalysisInputSerializer, request)
        player = Player.of(request, create=True)
        if data.get("game_id") is not None:
            game = game_get_for_player(player, data["game_id"])
            analysis = study_services.game_analysis_create(player=player, game=game)
        elif data.get("hands") is not None:
            entry = records.DealEntry(
                variant=data.get("variant") or "lewicki",
                hands=tuple(data["hands"]),
                out=data.get("out") or "",
                moves=tuple(data.get("moves") or ()),
            )
            analysis = study_services.game_analysis_create(player=player, entry=entry)
        else:
            analysis = study_services.game_analysis_create(player=player, record=data["record"], source="paste")
        analysis.refresh_from_db()
        return Response(presentation.game_analysis_state(analysis), status=status.HTTP_202_ACCEPTED)


def _read_upload(upload) -> str:
    if upload.size > records.MAX_RECORD_CHARS * 4:
        raise ApplicationError("the file is too large for a game record")
    raw = upload.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApplicationError("the file is not UTF-8 text") from None


class GameAnalysisDetailApi(APIView):
    @extend_schema(
        summary="A game analysis",
        description="Yours, or anyone's with `key` (the key of its share link, `urls.share`).",
        parameters=[OpenApiParameter("key", str, required=False, description="The share link's key.")],
        responses={200: GameAnalysisOutputSerializer, 404: ERRORS[404]},
    )
    def get(self, request: Request, analysis_id: int) -> Response:
        analysis = selectors.game_analysis_get_shared(Player.of(request), analysis_id, request.query_params.get("key"))
        return Response(presentation.game_analysis_state(analysis))


class EndgameLibraryApi(APIView):
    @extend_schema(
        summary="The endgame library",
        description="The chapters in order, each with its endgames (hidden ones left out) and your progress.",
        responses={200: ChapterSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response(presentation.library_state(Player.of(request)))


class EndgameDetailApi(APIView):
    @extend_schema(
        summary="An endgame with its annotated main line",
        description="Texts are in the request's language (Accept-Language or the site's language choice).",
        responses={200: EndgameSerializer, 404: ERRORS[404]},
    )
    def get(self, request: Request, endgame_id: int) -> Response:
        endgame = selectors.endgame_get(endgame_id)
        return Response(presentation.endgame_state(endgame, Player.of(request)))


class EndgameProgressApi(APIView):
    @extend_schema(
        summary="Record progress on an endgame",
        description="Without `moves`: marks the endgame studied. With `moves` (the whole line from the start, "
        "both sides): checked by the solver; when every move keeps the best value and the deal ends, the "
        "endgame is mastered (200); otherwise 400 says which move went wrong. The check reads the stored "
        "analyses; when some are still being computed the answer is 202 with `pending`: post the same "
        "line again shortly.",
        request=ProgressInputSerializer,
        responses={200: ProgressAnswerSerializer, 202: ProgressAnswerSerializer, 400: ERRORS[400], 404: ERRORS[404]},
    )
    def post(self, request: Request, endgame_id: int) -> Response:
        endgame = selectors.endgame_get(endgame_id)
        data = validated(ProgressInputSerializer, request)
        player = Player.of(request, create=True)
        pending = False
        if data.get("moves") is not None:
            row, pending = study_services.endgame_mark_mastered(endgame=endgame, player=player, moves=data["moves"])
        else:
            row = study_services.endgame_mark_studied(endgame=endgame, player=player)
        answer = {"studied": row.studied_at is not None, "mastered": row.mastered_at is not None, "pending": pending}
        return Response(answer, status=status.HTTP_202_ACCEPTED if pending else status.HTTP_200_OK)
