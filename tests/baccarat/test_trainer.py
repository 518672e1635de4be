"""The counting trainer: its expected answers are the count code's, its scoring, and the
history kept on disk."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.baccarat.advantage import NAMED_COUNTS, eor_count
from croupier.baccarat.advantage.counts import true_count
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.rules import POINTS
from croupier.baccarat.table import table_shoe
from croupier.baccarat.trainer import (
    COUNT_CHOICES,
    MAX_FLASH,
    Drill,
    parse_running,
    parse_true,
    trainer_count,
)
from croupier.baccarat.trainerlog import (
    History,
    SessionRecord,
    check_history,
    check_user,
    read_history,
    save_session,
    session_record,
    trainer_dir,
)

from ..fulldisk import run_with_full_disk
from ..untyped import untyped

#: Jacobson's Dragon 7 tags by point value, written out again here from the published
#: table (A,2,3 = 0; 4,5,6,7 = -1; 8,9 = +2; tens = 0) to check the drill by hand.
DRAGON = {1: 0, 2: 0, 3: 0, 4: -1, 5: -1, 6: -1, 7: -1, 8: 2, 9: 2, 0: 0}


def test_the_drill_deals_the_seeded_shoe_in_order() -> None:
    drill = Drill.new("dragon-7", decks=8, cards=30, every=7, rng=11)
    shoe = table_shoe(8, 11)
    assert drill.cards == tuple(shoe.draw() for _ in range(30))
    groups = []
    while drill.shown < 30:
        groups.append(len(drill.next_cards()))
        drill.answer(0, 0, seconds=1)
    assert groups == [7, 7, 7, 7, 2]
    assert drill.finished


@pytest.mark.parametrize("name", COUNT_CHOICES)
def test_expected_counts_come_from_the_count_code(name: str) -> None:
    drill = Drill.new(name, decks=6, cards=120, every=13, rng=5)
    system = trainer_count(name, 6)
    while not drill.finished:
        drill.next_cards()
        expected = drill.expected()
        seen = drill.cards[: drill.shown]
        assert expected.running == system.running_count(seen)
        assert expected.true == true_count(expected.running, 312 - drill.shown)
        drill.answer(expected.running, expected.true, seconds=0.5)
    assert drill.score().accuracy == 1.0


def test_the_dragon_count_by_hand() -> None:
    drill = Drill.new("dragon-7", decks=8, cards=50, every=50, rng=2)
    drill.next_cards()
    by_hand = sum(DRAGON[POINTS[card.rank]] for card in drill.cards)
    assert drill.expected().running == by_hand
    assert drill.expected().true == pytest.approx(by_hand / ((416 - 50) / 52))


def test_the_eor_counts_are_the_library_s() -> None:
    assert trainer_count("eor-panda-8", 8) == eor_count("panda-8", 8)
    assert trainer_count("panda-8") is NAMED_COUNTS["panda-8"]
    with pytest.raises(BaccaratError, match="unknown count 'hi-lo'"):
        trainer_count("hi-lo")


@given(st.floats(-0.5, 0.5))
def test_a_true_count_within_half_a_point_is_right(offset: float) -> None:
    drill = Drill.new("panda-8", cards=40, every=40, rng=9)
    drill.next_cards()
    exact = drill.expected()
    answer = drill.answer(exact.running, exact.true + offset, seconds=1)
    assert answer.true_right and answer.running_right


def test_wrong_answers_are_mistakes() -> None:
    drill = Drill.new("dragon-7", cards=20, every=10, rng=1)
    drill.next_cards()
    exact = drill.expected()
    wrong = drill.answer(exact.running + 1, exact.true + 0.6, seconds=3)
    assert not wrong.running_right and not wrong.true_right
    drill.next_cards()
    drill.answer(drill.expected().running, None, seconds=5)
    score = drill.score()
    assert (score.asked, score.running_right, score.true_right) == (2, 1, 0)
    assert score.accuracy == 0.25 and score.mean_seconds == 4
    assert [m.cards_seen for m in score.mistakes] == [10, 20]


def test_the_drill_keeps_its_order() -> None:
    drill = Drill.new("dragon-7", cards=10, every=5, rng=1)
    with pytest.raises(BaccaratError, match="no question is waiting"):
        drill.answer(0, 0, seconds=1)
    drill.next_cards()
    with pytest.raises(BaccaratError, match="answer the counts first"):
        drill.next_cards()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"cards": 0}, "bad cards 0: expected 1 to 416"),
        ({"decks": 1, "cards": 53}, "bad cards 53: expected 1 to 52"),
        ({"cards": 10, "every": 11}, "bad every 11: expected 1 to 10"),
        ({"decks": 9}, "bad decks 9"),
    ],
)
def test_bad_drills_are_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        Drill.new("dragon-7", **options)


@pytest.mark.parametrize("text", ["2.5", "", "--1", "1e3", "٣", "12345"])
def test_bad_running_counts(text: str) -> None:
    with pytest.raises(BaccaratError, match="bad running count"):
        parse_running(text)


@pytest.mark.parametrize(("text", "value"), [("-1.25", -1.25), ("+.5", 0.5), ("3", 3.0)])
def test_true_counts_as_typed(text: str, value: float) -> None:
    assert parse_true(text) == value
    with pytest.raises(BaccaratError, match="bad true count"):
        parse_true("nan")


def test_a_drill_survives_a_round_trip_mid_question() -> None:
    drill = Drill.new("eor-dragon-7", cards=30, every=4, rng=8)
    drill.next_cards()
    drill.answer(1, 1, seconds=2)
    drill.next_cards()
    copy = Drill.from_dict(json.loads(json.dumps(drill.to_dict())))
    assert copy.waiting and copy.expected() == drill.expected()
    assert copy.score() == drill.score()
    with pytest.raises(BaccaratError, match="bad saved drill"):
        Drill.from_dict({**drill.to_dict(), "cards": "Zz"})


def test_the_flash_setting_is_kept_with_the_drill() -> None:
    drill = Drill.new("dragon-7", cards=20, every=5, rng=2, flash=0.75)
    drill.next_cards()
    copy = Drill.from_dict(json.loads(json.dumps(drill.to_dict())))
    assert copy.flash == 0.75 and copy.to_dict() == drill.to_dict()
    # A drill saved before flash mode existed has no flash.
    saved = Drill.new("dragon-7", cards=20, every=5, rng=2).to_dict()
    del saved["flash"]
    assert Drill.from_dict(saved).flash is None
    with pytest.raises(BaccaratError, match="bad flash time 0: expected above 0"):
        Drill.from_dict({**saved, "flash": 0})
    with pytest.raises(BaccaratError, match="bad saved drill"):
        Drill.from_dict({**saved, "flash": "1"})


@pytest.mark.parametrize("flash", [0, -1, MAX_FLASH + 0.5, float("nan"), float("inf")])
def test_bad_flash_times_are_refused(flash: float) -> None:
    with pytest.raises(BaccaratError, match=f"bad flash time .*up to {MAX_FLASH:g} seconds"):
        Drill.new("dragon-7", flash=flash)
    with pytest.raises(TypeError, match="flash must be a number of seconds or None, not str"):
        Drill.new("dragon-7", flash=untyped("1"))


def test_the_history_by_user(tmp_path: Path) -> None:
    for seed, user in ((1, "ana"), (2, "ana"), (3, "ben")):
        drill = Drill.new("dragon-7", cards=10, every=10, rng=seed)
        drill.next_cards()
        drill.answer(drill.expected().running, drill.expected().true, seconds=seed)
        save_session(session_record(drill, seed=seed), user, tmp_path)
    ana = read_history("ana", tmp_path)
    assert [r.seed for r in ana.records] == [1, 2] and ana.skipped == 0
    assert ana.records[0].accuracy == 1.0 and ana.records[1].mean_seconds == 2
    assert [r.seed for r in read_history("ben", tmp_path).records] == [3]
    assert read_history("cy", tmp_path).records == ()
    # A line cut short (a crash mid-write) is skipped and counted, never fatal.
    with (tmp_path / "ana.jsonl").open("a") as out:
        out.write('{"when": "2026-01-0\n')
    assert read_history("ana", tmp_path).skipped == 1


@pytest.mark.parametrize("name", ["", ".hidden", "a/b", "x" * 41, "ana lee"])
def test_user_names_that_cannot_name_a_file(name: str) -> None:
    with pytest.raises(BaccaratError, match="bad user name"):
        check_user(name)


def test_the_history_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path / "t"))
    assert trainer_dir() == tmp_path / "t"
    monkeypatch.delenv("CROUPIER_TRAINER_DIR")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert trainer_dir() == tmp_path / "croupier" / "trainer"


def _one_session(seed: int) -> SessionRecord:
    drill = Drill.new("dragon-7", cards=10, every=5, rng=seed)
    for _ in range(2):
        drill.next_cards()
        drill.answer(drill.expected().running, 0, seconds=1)
    return session_record(drill, seed=seed, when="2026-01-02T10:00:00")


_SAVE = (
    "import sys\n"
    "from croupier.baccarat.errors import BaccaratError\n"
    "from croupier.baccarat.trainer import Drill\n"
    "from croupier.baccarat.trainerlog import save_session, session_record\n"
    "drill = Drill.new('dragon-7', cards=10, every=5, rng=1)\n"
    "drill.next_cards()\n"
    "drill.answer(drill.expected().running, 0, seconds=1)\n"
    "try:\n"
    "    save_session(session_record(drill, seed=1), 'ana', sys.argv[1])\n"
    "except BaccaratError as exc:\n"
    "    print(exc)\n"
)


def test_a_full_disk_leaves_no_empty_history(tmp_path: Path) -> None:
    """The first session of a user on a full disk: the file was created, then nothing
    could be written in it, and a 0-byte history stayed."""
    run = run_with_full_disk(["-c", _SAVE, str(tmp_path)], limit=20)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"cannot save the session to {tmp_path / 'ana.jsonl'}")
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_keeps_the_history_as_it_was(tmp_path: Path) -> None:
    """A line cut short is taken back: the file keeps only whole lines."""
    save_session(_one_session(3), "ana", tmp_path)
    path = tmp_path / "ana.jsonl"
    before = path.read_bytes()
    run = run_with_full_disk(["-c", _SAVE, str(tmp_path)], limit=len(before) + 30)
    assert run.stdout.startswith("cannot save the session"), run.stderr
    assert path.read_bytes() == before
    assert read_history("ana", tmp_path).skipped == 0


def test_the_history_added_up_count_by_count(tmp_path: Path) -> None:
    records = [_one_session(seed) for seed in range(4)]
    history = History(tmp_path / "ana.jsonl", (*records, replace(records[0], count="panda-8")), 0)
    assert history.counts == ("dragon-7", "panda-8")
    every = history.summary()
    assert every.sessions == 5 and every.asked == sum(r.asked for r in history.records)
    assert every.running_right == sum(r.running_right for r in history.records)
    assert history.summary("panda-8").sessions == 1
    assert history.summary("none").sessions == 0 and history.summary("none").accuracy == 0


def test_check_history_refuses_what_a_session_cannot_be_saved_in(tmp_path: Path) -> None:
    assert check_history("ana", tmp_path / "new") == tmp_path / "new" / "ana.jsonl"
    (tmp_path / "ana.jsonl").write_text("")
    assert check_history("ana", tmp_path) == tmp_path / "ana.jsonl"
    (tmp_path / "bo.jsonl").mkdir()
    with pytest.raises(BaccaratError, match=r"bo.jsonl: a directory: expected a regular file"):
        check_history("bo", tmp_path)
    with pytest.raises(BaccaratError, match=r"its folder .*ana.jsonl is a file: expected a folder"):
        check_history("cy", tmp_path / "ana.jsonl")
