"""Every per-user folder comes from :mod:`croupier.userdirs` (platformdirs), so that it is
where each system keeps such folders (the hand-made ``~/.local/state`` was wrong on macOS
and Windows): the cache of tables, recovery files, the puzzle history and the counting
trainer's history."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import numpy as np
import platformdirs
import pytest

from croupier import userdirs


@pytest.fixture
def moved(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The folders as another system would have them: every user of them must follow."""
    monkeypatch.setattr(userdirs, "state_directory", lambda: tmp_path / "state")
    monkeypatch.setattr(userdirs, "cache_directory", lambda: tmp_path / "cache")
    monkeypatch.delenv("CROUPIER_TRAINER_DIR", raising=False)
    return tmp_path


def test_every_state_file_follows_the_state_folder(moved: Path) -> None:
    from croupier.baccarat.trainerlog import trainer_dir
    from croupier.casino.puzzles import history_path
    from croupier.cli.recovery import recovery_directory

    assert recovery_directory() == moved / "state"
    if importlib.util.find_spec("fastapi") is not None:  # the web extra
        from croupier.web.sessions import default_state_dir

        assert default_state_dir() == moved / "state" / "web"
    assert history_path() == moved / "state" / "casino-puzzles.json"
    assert trainer_dir() == moved / "state" / "trainer"


def test_the_table_cache_follows_the_cache_folder(moved: Path) -> None:
    from croupier.tablecache import cached_tables

    made = cached_tables("demo", [], lambda: {"x": np.ones(2)}, ["x"])
    assert made["x"].tolist() == [1.0, 1.0]
    assert [path.name.startswith("demo-") for path in (moved / "cache").iterdir()] == [True]


def test_the_folders_are_platformdirs_own() -> None:
    assert userdirs.state_directory() == platformdirs.user_state_path("croupier", appauthor=False)
    assert userdirs.cache_directory() == platformdirs.user_cache_path("croupier", appauthor=False)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders of Linux")
def test_on_linux_the_xdg_folders_as_before(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "s"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "c"))
    assert userdirs.state_directory() == tmp_path / "s" / "croupier"
    assert userdirs.cache_directory() == tmp_path / "c" / "croupier"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert userdirs.state_directory() == Path.home() / ".local" / "state" / "croupier"
    assert userdirs.cache_directory() == Path.home() / ".cache" / "croupier"


def test_macos_gets_its_own_folders() -> None:
    """What platformdirs answers there (its macOS class works on any system; its Windows
    one asks Windows itself)."""
    from platformdirs.macos import MacOS

    mac = MacOS("croupier", appauthor=False)
    assert mac.user_state_dir.endswith("Library/Application Support/croupier")
    assert mac.user_cache_dir.endswith("Library/Caches/croupier")


def test_no_other_module_computes_a_per_user_folder() -> None:
    """The four hand-made ones (tablecache, web sessions, recovery, the trainer's log):
    no module but croupier.userdirs reads an XDG variable or the home folder."""
    source = Path(userdirs.__file__).parent
    hand_made = re.compile(r"""environ[^\n]{0,8}["']XDG_|Path\.home\(\)|expanduser\(""")
    found = [
        str(path.relative_to(source))
        for path in sorted(source.rglob("*.py"))
        if path.name != "userdirs.py" and hand_made.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
