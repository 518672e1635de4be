"""Who a browser is at the shared tables: the name it gave, and its trainer's record.

A browser that opens or joins a shared table gives a name; it is kept in the
browser's session (the ``person`` slot), offered again the next time, and shown on the
organiser's page beside what the store knows of that browser: the tables it sits at,
its puzzle rating (the ``casino-puzzles`` slot) and the counting trainer's record kept
here as each drill ends. Nothing here is shown to other players but the name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Final

from croupier.casino.match import check_name
from croupier.web.dependencies import Seat, seat
from croupier.web.sessions import Slot

__all__ = ["PERSON", "Person", "PersonSeat", "TrainerRecord"]


@dataclass(frozen=True, slots=True)
class TrainerRecord:
    """The counting drills a browser finished: how many, questions asked and answered
    right (the running count and the true count both), and when the last one ended."""

    drills: int = 0
    asked: int = 0
    right: int = 0
    last: str | None = None

    def with_drill(self, asked: int, right: int, when: str) -> TrainerRecord:
        """The record with one more drill."""
        return TrainerRecord(self.drills + 1, self.asked + asked, self.right + right, when)

    @property
    def accuracy(self) -> float | None:
        """The share of questions answered right (``None``: none asked)."""
        return None if not self.asked else self.right / self.asked


@dataclass(frozen=True, slots=True)
class Person:
    """A browser's name at the shared tables, and its trainer's record."""

    name: str
    trainer: TrainerRecord = TrainerRecord()

    def to_dict(self) -> dict[str, Any]:
        """The person as JSON-ready data (for the session's store)."""
        record = self.trainer
        return {
            "name": self.name,
            "trainer": {
                "drills": record.drills,
                "asked": record.asked,
                "right": record.right,
                "last": record.last,
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Person:
        """The person saved by :meth:`to_dict` (checked)."""
        trainer = data.get("trainer") or {}
        last = trainer.get("last")
        record = TrainerRecord(
            int(trainer.get("drills", 0)),
            int(trainer.get("asked", 0)),
            int(trainer.get("right", 0)),
            None if last is None else str(last),
        )
        return cls(check_name(str(data["name"])), record)


PERSON: Final = Slot("person", Person.from_dict)
#: A route's view of who the browser is.
PersonSeat = Annotated[Seat[Person], seat(PERSON)]


def named(person: Seat[Person], name: str) -> None:
    """Keep ``name`` as the browser's (its trainer's record kept)."""
    found = person.state
    checked = check_name(name)
    if found is None or found.name != checked:
        person.put(Person(checked, found.trainer if found is not None else TrainerRecord()))
