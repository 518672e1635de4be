"""Every per-user folder croupier writes to, in one place: the cache of precomputed
tables and the state (recovery files, the puzzle history, the counting trainer's history,
the web server's games), where each system keeps them, by platformdirs; and the data
a person makes and keeps (saved poker ranges): :func:`data_directory`,
``$XDG_DATA_HOME/croupier`` on Linux (``~/.local/share/croupier``), the state's folder on
macOS and Windows.

======== ====================================== ======================================
system   :func:`cache_directory`                :func:`state_directory`
======== ====================================== ======================================
Linux    ``$XDG_CACHE_HOME/croupier``           ``$XDG_STATE_HOME/croupier``
         (``~/.cache/croupier``)                (``~/.local/state/croupier``)
macOS    ``~/Library/Caches/croupier``          ``~/Library/Application Support/croupier``
Windows  ``%LOCALAPPDATA%\\croupier\\Cache``     ``%LOCALAPPDATA%\\croupier``
======== ====================================== ======================================

The folders are named, not made: whoever writes first makes the one it needs.

>>> state_directory().name, cache_directory().name in ("croupier", "Cache")
('croupier', True)
>>> data_directory().name
'croupier'
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["APP_NAME", "cache_directory", "data_directory", "state_directory"]

#: The folder's name under each system's per-user folders.
APP_NAME: Final = "croupier"


def cache_directory() -> Path:
    """Where this user's cached tables go (deleting it loses nothing: they are built
    again)."""
    from platformdirs import user_cache_path

    return user_cache_path(APP_NAME, appauthor=False)


def state_directory() -> Path:
    """Where this user's state goes: recovery files, histories, saved web games."""
    from platformdirs import user_state_path

    return user_state_path(APP_NAME, appauthor=False)


def data_directory() -> Path:
    """Where what this user makes and keeps goes: saved poker ranges."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)
