"""The class with no server (``swkit.classroom``).

- :mod:`swkit.classroom.codes`: short, typo-proof codes a student reads aloud or pastes: result
  codes for class experiments (lesson 8), pooled by the teacher, and every lesson's progress code
  (which exercises are right, tried, not tried).

Everything :mod:`swkit.classroom.codes` exports is importable from ``swkit.classroom`` too, as
the lessons do (``from swkit.classroom import make_code``).
"""

from swkit.classroom.codes import (
                                   ALPHABET,
                                   MAX_VALUE,
                                   Pool,
                                   ProgressCode,
                                   ResultCode,
                                   lesson_exercises,
                                   make_code,
                                   pool_codes,
                                   progress_code,
                                   read_code,
                                   read_progress_code,
                                   run_tag,
                                   student_seed,
)

__all__ = ["ALPHABET", "MAX_VALUE", "ResultCode", "Pool", "run_tag", "make_code", "read_code",
           "pool_codes", "student_seed", "ProgressCode", "progress_code", "read_progress_code",
           "lesson_exercises"]
