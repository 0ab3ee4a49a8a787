"""The PAR sheet's cover block: who prepared it, for whom, when, and the sign-off lines, from
``crazy4 report`` options or a TOML file (``--cover FILE``: :data:`KEYS`). The clock is never read.
"""

from __future__ import annotations

import datetime
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from crazy4.errors import InputError

#: What a value is printed as when nobody gave it.
NOT_STATED = "not stated"
#: The sign-off lines when the cover file names none.
SIGN_OFF = ("Prepared by", "Reviewed by", "Approved by")
#: The keys a cover file may have.
KEYS = ("prepared_by", "prepared_for", "date", "sign_off")
#: The longest value accepted (a cover line, not a paragraph).
MAX_LENGTH = 200
#: The most signature lines on the cover.
MAX_SIGN_OFF = 6


@dataclass(frozen=True)
class Cover:
    """The cover's values; None where not given."""

    prepared_by: str | None = None
    prepared_for: str | None = None
    date: str | None = None
    sign_off: tuple[str, ...] = SIGN_OFF

    def analysis_date(self, record: Mapping[str, object]) -> str:
        """The date printed: the one given, else the provenance's, else "not stated".

        Examples
        --------
        >>> Cover().analysis_date({}), Cover(date="2026-12-02").analysis_date({})
        ('not stated', '2026-12-02')
        """
        if self.date is not None:
            return self.date
        return str(record.get("analysis_date", NOT_STATED))


def check_text(value: object, where: str) -> str:
    """A cover value: text on one line, not empty, at most :data:`MAX_LENGTH` characters.

    Examples
    --------
    >>> check_text(" J. Smith ", "--prepared-by")
    'J. Smith'
    >>> check_text("", "--prepared-by")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --prepared-by: give a name (it is empty)
    """
    if not isinstance(value, str):
        raise InputError(f"{where}: must be text, not {type(value).__name__}")
    text = value.strip()
    if not text:
        raise InputError(f"{where}: give a name (it is empty)")
    if len(text) > MAX_LENGTH:
        raise InputError(f"{where}: {len(text)} characters; at most {MAX_LENGTH}")
    if any(not character.isprintable() for character in text):
        raise InputError(f"{where}: one line of printable text, without control characters")
    return text


def check_date(value: object, where: str) -> str:
    """A date as YYYY-MM-DD (text or a TOML date).

    Examples
    --------
    >>> check_date("2026-12-02", "--date")
    '2026-12-02'
    >>> check_date("2026-13-01", "--date")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --date: '2026-13-01' is not a date YYYY-MM-DD
    """
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            pass
        raise InputError(f"{where}: {value!r} is not a date YYYY-MM-DD")
    raise InputError(f"{where}: must be a date YYYY-MM-DD, not {type(value).__name__}")


def read_cover(path: Path) -> Cover:
    """The cover file's values (:class:`InputError` if unreadable, not TOML or not valid)."""
    where = f"--cover {str(path)!r}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"{where}: cannot read it ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise InputError(f"{where}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{where}: not TOML ({error})") from None
    return cover_from_mapping(data, where)


def cover_from_mapping(data: Mapping[str, object], where: str) -> Cover:
    """A :class:`Cover` from a cover file's table.

    Examples
    --------
    >>> cover_from_mapping({"prepared_by": "Ann", "sign_off": ["Checked by"]}, "f")
    Cover(prepared_by='Ann', prepared_for=None, date=None, sign_off=('Checked by',))
    >>> cover_from_mapping({"preparer": "Ann"}, "f")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: f: unknown key 'preparer' (a cover file has prepared_by, ...
    """
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise InputError(
            f"{where}: unknown key {unknown[0]!r} (a cover file has {', '.join(KEYS)})"
        )
    texts = {
        key: check_text(data[key], f"{where}: {key}")
        for key in ("prepared_by", "prepared_for")
        if key in data
    }
    date = check_date(data["date"], f"{where}: date") if "date" in data else None
    sign_off: tuple[str, ...] = SIGN_OFF
    if "sign_off" in data:
        lines = data["sign_off"]
        if not isinstance(lines, list) or not 1 <= len(lines) <= MAX_SIGN_OFF:
            raise InputError(f"{where}: sign_off must be a list of 1 to {MAX_SIGN_OFF} roles")
        sign_off = tuple(check_text(line, f"{where}: sign_off") for line in lines)
    return Cover(texts.get("prepared_by"), texts.get("prepared_for"), date, sign_off)


def cover_of(
    file: str | None, prepared_by: str | None, prepared_for: str | None, date: str | None
) -> Cover:
    """The cover from ``--cover FILE`` and the options, an option overriding the file's key.

    Examples
    --------
    >>> cover_of(None, "Ann", None, "2026-01-31")
    Cover(prepared_by='Ann', prepared_for=None, date='2026-01-31', sign_off=('Prepared by', ...
    """
    base = read_cover(Path(file)) if file is not None else Cover()
    return Cover(
        check_text(prepared_by, "--prepared-by") if prepared_by is not None else base.prepared_by,
        check_text(prepared_for, "--prepared-for")
        if prepared_for is not None
        else base.prepared_for,
        check_date(date, "--date") if date is not None else base.date,
        base.sign_off,
    )
