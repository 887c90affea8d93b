"""The class with no server (``swkit.classroom``).

- :mod:`swkit.classroom.codes`: result codes for class experiments (lesson 8): short,
  typo-resistant codes a student reads aloud or pastes, pooled by the teacher.

Everything :mod:`swkit.classroom.codes` exports is importable from ``swkit.classroom`` too, as
the lessons do (``from swkit.classroom import make_code``).
"""

from swkit.classroom.codes import (
                                   ALPHABET,
                                   MAX_VALUE,
                                   Pool,
                                   ResultCode,
                                   make_code,
                                   pool_codes,
                                   read_code,
                                   run_tag,
                                   student_seed,
)

__all__ = ["ALPHABET", "MAX_VALUE", "ResultCode", "Pool", "run_tag", "make_code", "read_code",
           "pool_codes", "student_seed"]
