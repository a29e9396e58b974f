"""What a request may hold, stated once for the server and for the OpenAPI
schema: the server checks a request with the same serializer fields and
validators that drf-spectacular turns into the schema, so the two cannot
drift apart.

- ``POSITION_PATTERN``, ``MOVE_PATTERN``, ``DAY_PATTERN``: the shapes of a
  position string (docs/rules.md sections 2.2 and 4.7), a move (2.5) and a
  day, as regular expressions a field checks and the schema states.  A
  position that has the shape may still be impossible (a stone twice, ends
  the played stones cannot make): that is a 400 saying what is wrong.
- ``ExactlyOne``, ``AtMostOne``, ``OnlyWhen``, ``PositionOfVariant``,
  ``NotAKeyOf``: rules
  across fields of a body,
  as serializer validators (``Meta.validators``) that also write their
  ``oneOf``/``not``/``anyOf`` into the body's schema (``ContractAutoSchema``,
  the schema class of settings.REST_FRAMEWORK).
- ``query``: a GET's query parameters read through a serializer (the same one
  its ``extend_schema(parameters=[...])`` names); a parameter given twice, or
  given empty, or a boolean other than ``true``/``false``, is a 400.
- ``check_json_types``: a JSON body's values are of the JSON types the schema
  states for its fields (``true``/``false`` for a boolean, a string for a
  string, a number for an integer), not whatever DRF's fields would coerce
  (``0``/``1``/``"yes"`` for a boolean, ``0`` for a string, ``"12"`` for an
  integer): a 400 that says which field and what it holds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import RegexValidator
from django.utils.translation import gettext as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from solver import VARIANTS, Move, Position
from solver.variant import Variant


def _position_pattern(variant: Variant) -> str:
    digit = f"[0-{variant.highest}]"
    entry = f"(?:{digit}{{2}}|--)"
    row = rf"{entry}(?:\.{entry}){{6}}"
    hand = f"{row}/{row}" if variant.is_rows else row
    fields = [hand] * len(variant.seats)
    if variant.out_count:
        fields.append(rf"{digit}{{2}}(?:\.{digit}{{2}}){{{variant.out_count - 1}}}")
    seats = "".join(variant.seats)
    fields += [f"(?:-|{digit}{{2}})", f"[{seats}{seats.lower()}]"]
    # the name in lower case, as the solver reads it (Variant.parse)
    name = re.escape(str(variant))
    prefix = rf"(?:{name}\s+)?" if variant.is_default else rf"{name}\s+"
    return prefix + r"\s+".join(fields)


# Every variant's shape, one alternative each; the fields are separated by
# any run of white space and the side may be in lower case (section 2.6).
POSITION_PATTERN = r"^\s*(?:" + "|".join(_position_pattern(v) for v in VARIANTS) + r")\s*$"
POSITION_HELP = (
    "A position string (docs/rules.md sections 2.2 and 4.7); the pattern gives its shape. One that has the shape "
    "but is not a possible position (a stone twice, a back stone played before its front stone, ends the played "
    "stones cannot make, a side that cannot be to move) is a 400 whose error says what is wrong."
)
MOVE_PATTERN = r"^\s*(?:[Pp][Aa][Ss][Ss]|[0-9]{2}[LRlr]?)\s*$"
MOVE_HELP = "A move: a stone ('36'), a stone and an end ('36L', '36R') or 'pass' (docs/rules.md section 2.5)."
# A day of the Gregorian calendar, YYYY-MM-DD (29 February in leap years only).
DAY_PATTERN = (
    r"^(?:(?:(?:[0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)-"
    r"(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
    r"-02-29)$"
)


class _Shape(RegexValidator):
    """A pattern the schema states (drf-spectacular reads a RegexValidator's);
    a value that misses it is refused with the solver's own error (``parse``
    raising it: a 400 with its words, as when the service parses it), which
    says what is wrong better than "does not match"."""

    def __init__(self, pattern: str, parse: Callable[[str], Any], limit: int | None) -> None:
        super().__init__(pattern)
        self.parse, self.limit = parse, limit

    def __call__(self, value: Any) -> None:
        if self.limit is not None and len(str(value)) > self.limit:
            return  # the field's max_length says so
        try:
            super().__call__(value)
        except DjangoValidationError:
            self.parse(str(value))
            raise DjangoValidationError(_("not of the shape the schema's pattern gives")) from None


def _shaped(pattern: str, parse: Callable[[str], Any], **kwargs: Any) -> serializers.CharField:
    # as an argument: a serializer's fields are built again from their arguments
    return serializers.CharField(validators=[_Shape(pattern, parse, kwargs.get("max_length"))], **kwargs)


def position_field(**kwargs: Any) -> serializers.CharField:
    """A position string, checked against ``POSITION_PATTERN`` (or empty,
    with ``allow_blank``: the pattern then says so too)."""
    kwargs.setdefault("help_text", POSITION_HELP)
    pattern = (r"^\s*$|" if kwargs.get("allow_blank") else "") + POSITION_PATTERN
    return _shaped(pattern, Position.parse, max_length=kwargs.pop("max_length", 400), **kwargs)


def move_field(**kwargs: Any) -> serializers.CharField:
    """A move, checked against ``MOVE_PATTERN``."""
    kwargs.setdefault("help_text", MOVE_HELP)
    return _shaped(MOVE_PATTERN, lambda text: Move.parse(text, 9), **kwargs)


# ------------------------------------------------------- rules across fields


def _given(attrs: dict[str, Any], name: str) -> bool:
    return attrs.get(name) is not None


def _present(serializer: serializers.Serializer[Any], name: str) -> dict[str, Any]:
    """The schema of a body in which ``name`` is given and not null."""
    if not serializer.fields[name].allow_null:
        return {"required": [name]}
    return {"required": [name], "properties": {name: {"not": {"enum": [None]}}}}


class ExactlyOne:
    """Exactly one of the fields is given (and not null)."""

    def __init__(self, *names: str, message: Any) -> None:
        self.names, self.message = names, message

    def __call__(self, attrs: dict[str, Any]) -> None:
        if sum(_given(attrs, n) for n in self.names) != 1:
            raise ValidationError(self.message)

    def schema(self, serializer: serializers.Serializer[Any]) -> dict[str, Any]:
        return {"oneOf": [_present(serializer, n) for n in self.names]}


class AtMostOne:
    """At most one of the fields is given (and not null)."""

    def __init__(self, *names: str, message: Any) -> None:
        self.names, self.message = names, message

    def __call__(self, attrs: dict[str, Any]) -> None:
        if sum(_given(attrs, n) for n in self.names) > 1:
            raise ValidationError(self.message)

    def schema(self, serializer: serializers.Serializer[Any]) -> dict[str, Any]:
        pairs = [(a, b) for i, a in enumerate(self.names) for b in self.names[i + 1 :]]
        return {"not": {"anyOf": [{"allOf": [_present(serializer, a), _present(serializer, b)]} for a, b in pairs]}}


class OnlyWhen:
    """``name`` takes a value outside ``common`` only when ``other`` is one of
    ``values`` (``default`` when left out), or when the string field
    ``matching[0]`` matches the regular expression ``matching[1]`` (for
    instance: seats C and D only in a partnership variant, or from a
    partnership position).  ``common`` None: ``name`` (an object) is empty
    or left out unless so."""

    def __init__(
        self,
        name: str,
        common: Sequence[Any] | None,
        other: str,
        values: Sequence[Any],
        *,
        message: Any,
        default: Any = None,
        matching: tuple[str, str] | None = None,
    ) -> None:
        self.name, self.common, self.other, self.values = name, common, other, list(values)
        self.message, self.default, self.matching = message, default, matching

    def __call__(self, attrs: dict[str, Any]) -> None:
        value = attrs.get(self.name)
        usual = not value if self.common is None else value is None or value in self.common
        if usual or attrs.get(self.other, self.default) in self.values:
            return
        if self.matching and re.search(self.matching[1], attrs.get(self.matching[0]) or ""):
            return
        raise ValidationError({self.name: [self.message]})

    def schema(self, serializer: serializers.Serializer[Any]) -> dict[str, Any]:
        if self.common is None:
            usual: dict[str, Any] = {"properties": {self.name: {"maxProperties": 0}}}
        else:
            usual = {"properties": {self.name: {"enum": list(self.common)}}}
        allowed: dict[str, Any] = {"properties": {self.other: {"enum": self.values}}}
        if self.default not in self.values:
            allowed["required"] = [self.other]
        branches = [usual, allowed]
        if self.matching:
            field, pattern = self.matching
            branches.append({"required": [field], "properties": {field: {"type": "string", "pattern": pattern}}})
        return {"anyOf": branches}


class NotAKeyOf:
    """The value of ``name`` (a seat) is not a key of the object ``mapping``
    (the seats the solver takes): ``keys`` lists the keys there may be."""

    def __init__(self, name: str, mapping: str, keys: Sequence[str], *, message: Any) -> None:
        self.name, self.mapping, self.keys, self.message = name, mapping, list(keys), message

    def __call__(self, attrs: dict[str, Any]) -> None:
        if attrs.get(self.name) in (attrs.get(self.mapping) or {}):
            raise ValidationError({self.mapping: [self.message % {"seat": attrs[self.name]}]})

    def schema(self, serializer: serializers.Serializer[Any]) -> dict[str, Any]:
        # patterns, not enums: drf-spectacular's enum hook would make each a component
        return {
            "not": {
                "anyOf": [
                    {
                        "required": [self.name, self.mapping],
                        "properties": {
                            self.name: {"pattern": f"^{re.escape(key)}$"},
                            self.mapping: {"required": [key]},
                        },
                    }
                    for key in self.keys
                ]
            }
        }


def _named(variant: Variant) -> str:
    """How a position of ``variant`` begins: its name (lower case) and white
    space, or for the standard game a hand's first entry without a name."""
    name = re.escape(str(variant))
    return rf"^\s*(?:{name}\s|[0-9-])" if variant.is_default else rf"^\s*{name}\s"


# The beginning of a position of each variant: with the position's own pattern,
# it says which variant the position is of.
VARIANT_STARTS = {str(v): _named(v) for v in VARIANTS}


class PositionOfVariant:
    """A ``position`` given with a ``variant`` is a position of that variant
    (its first field names it: ``VARIANT_STARTS``); either left out (or
    empty), anything goes."""

    def __init__(self, position: str, variant: str, *, message: Any) -> None:
        self.position, self.variant, self.message = position, variant, message

    def __call__(self, attrs: dict[str, Any]) -> None:
        position, variant = attrs.get(self.position) or "", attrs.get(self.variant) or ""
        if position.strip() and variant and not re.match(VARIANT_STARTS[variant], position):
            named = next((name for name, start in VARIANT_STARTS.items() if re.match(start, position)), "?")
            raise ValidationError({self.variant: [self.message % {"variant": variant, "position": named}]})

    def schema(self, serializer: serializers.Serializer[Any]) -> dict[str, Any]:
        branches: list[dict[str, Any]] = [
            {"not": {"required": [self.position]}},
            {"properties": {self.position: {"pattern": r"^\s*$"}}},
            {"not": {"required": [self.variant]}},
            {"properties": {self.variant: {"pattern": "^$"}}},
        ]
        # patterns, not enums: drf-spectacular's enum hook would make each a component
        branches += [
            {
                "required": [self.position, self.variant],
                "properties": {self.variant: {"pattern": f"^{re.escape(name)}$"}, self.position: {"pattern": start}},
            }
            for name, start in VARIANT_STARTS.items()
        ]
        return {"anyOf": branches}


_PLAIN_TEXT = (serializers.CharField,)  # the class itself: subclasses state their own shape
_TEXT = r"^[^\u0000]+$"  # drf-spectacular adds "" (allow_blank) as another branch of a oneOf
_SOME_TEXT = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"


class ContractAutoSchema(AutoSchema):
    """drf-spectacular's AutoSchema, which also writes a request body's rules
    across fields (its serializer's validators with a ``schema()``) into the
    body's schema: one rule alone as it is, several under ``allOf``; a body
    that ``ExactlyOne`` rules is required even when no field is."""

    def _get_request_for_media_type(self, serializer: Any, direction: str = "request") -> tuple[Any, bool]:
        schema, required = super()._get_request_for_media_type(serializer, direction)  # type: ignore[no-untyped-call]  # drf-spectacular is untyped
        validators: list[Any] = getattr(force_instance(serializer), "get_validators", list)()  # type: ignore[no-untyped-call]
        return schema, required or any(isinstance(v, ExactlyOne) for v in validators)

    def _map_serializer_field(self, field: Any, direction: str, bypass_extensions: bool = False) -> dict[str, Any]:
        result: dict[str, Any] = super()._map_serializer_field(field, direction, bypass_extensions)  # type: ignore[no-untyped-call]
        shaped = any(isinstance(v, RegexValidator) for v in getattr(field, "validators", []))
        if (
            direction == "request"
            and type(field) in _PLAIN_TEXT
            and result.get("type") == "string"
            and not shaped
            and not {"pattern", "enum", "format", "$ref", "oneOf", "allOf"} & set(result)
        ):
            # DRF refuses a NUL character in any text, and one that is only
            # white space where text is needed (it trims it): the schema says so
            result["pattern"] = _SOME_TEXT if field.trim_whitespace and not field.allow_blank else _TEXT
        return result

    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        result: dict[str, Any] = super()._map_basic_serializer(serializer, direction)  # type: ignore[no-untyped-call]
        if direction != "request":
            return result
        rules = [v.schema(serializer) for v in serializer.get_validators() if hasattr(v, "schema")]
        if len(rules) == 1:
            result.update(rules[0])
        elif rules:
            result["allOf"] = rules
        return result


# --------------------------------------------------------- query parameters


def query(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    """The validated query parameters ``serializer_class`` names (others are
    ignored); a 400 says what is wrong, also for one given twice, or empty
    where a value is needed."""
    params = request.query_params
    data: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for name, field in serializer_class().fields.items():
        values = params.getlist(name)
        if not values:
            continue
        if len(values) > 1:
            errors[name] = [_("%(name)s is given %(count)s times: give it once") % {"name": name, "count": len(values)}]
        elif values[0] == "" and not getattr(field, "allow_blank", False):
            errors[name] = [_("%(name)s is empty: give a value or leave it out") % {"name": name}]
        elif isinstance(field, serializers.BooleanField) and values[0] not in ("true", "false"):
            # what the schema's boolean is in a query, not DRF's 1, yes, on...
            errors[name] = [_("%(name)s is true or false, not %(value)s") % {"name": name, "value": _shown(values[0])}]
        else:
            data[name] = values[0]
    if errors:
        raise ValidationError(errors)
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# ------------------------------------------------------ a JSON body's types


def _expected(field: serializers.Field[Any, Any, Any, Any]) -> tuple[tuple[type, ...], Any] | None:
    """The JSON types a field's schema states, and the words for them; None
    when the field states its own (``json_types``) or reads no JSON value."""
    if hasattr(field, "json_types"):
        return field.json_types  # type: ignore[no-any-return]
    if isinstance(field, (serializers.FileField, serializers.JSONField, serializers.ReadOnlyField)):
        return None
    if isinstance(field, serializers.BooleanField):
        return (bool,), _("true or false (a JSON boolean)")
    if isinstance(field, serializers.ChoiceField):
        values = list(field.choices)
        if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return (int,), _("a whole number")
        if values and all(isinstance(v, str) for v in values):
            return (str,), _("a string")
        return None
    if isinstance(field, serializers.CharField):
        return (str,), _("a string")
    if isinstance(field, serializers.IntegerField):
        return (int,), _("a whole number")
    if isinstance(field, (serializers.FloatField, serializers.DecimalField)):
        return (int, float), _("a number")
    if isinstance(field, serializers.ListField):
        return (list,), _("a list")
    if isinstance(field, (serializers.DictField, serializers.Serializer)):
        return (dict,), _("an object")
    return None


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _type_errors(field: serializers.Field[Any, Any, Any, Any], value: Any) -> Any:
    """The errors of one value (a list of messages, or a dict of the errors of
    its items or fields), or None."""
    if value is None:
        return None  # allow_null is the field's to say
    expected = _expected(field)
    if expected is not None:
        types, words = expected
        integral = int in types and float not in types and isinstance(value, float) and value.is_integer()
        if isinstance(value, bool) and bool not in types or not isinstance(value, types) and not integral:
            return [_("must be %(expected)s, not %(value)s") % {"expected": words, "value": _shown(value)}]
    inner: dict[Any, Any] = {}
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        inner = {i: _type_errors(field.child, item) for i, item in enumerate(value)}
    elif isinstance(field, serializers.DictField) and isinstance(value, dict):
        inner = {key: _type_errors(field.child, item) for key, item in value.items()}
    elif isinstance(field, serializers.Serializer) and isinstance(value, dict):
        inner = _field_errors(field, value)
    inner = {key: errors for key, errors in inner.items() if errors}
    return inner or None


def _field_errors(serializer: serializers.Serializer[Any], data: dict[str, Any]) -> dict[str, Any]:
    errors = {}
    for name, field in serializer.fields.items():
        if field.read_only or name not in data:
            continue
        found = _type_errors(field, data[name])
        if found:
            errors[name] = found
    return errors


def check_json_types(serializer: serializers.Serializer[Any], data: dict[str, Any]) -> None:
    """Refuse a JSON body whose values are not of the JSON types its schema
    states (a 400 naming each field and what it holds); fields not named by
    the serializer are left alone, as the schema allows."""
    errors = _field_errors(serializer, data)
    if errors:
        raise ValidationError(errors)
