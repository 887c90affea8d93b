"""Hand-ins for the class report's tests: the sample class's makers
(:mod:`swkit.classroom.sample`: saved notebooks with real check() records, zips of them)."""

from swkit.classroom.sample import (
    LESSON1,
    check_outputs,
    notebook,
    notebook_bytes,
    simulated_answers,
    simulated_class,
    zip_bytes,
)

__all__ = ["LESSON1", "check_outputs", "notebook", "notebook_bytes", "simulated_answers",
           "simulated_class", "zip_bytes"]
