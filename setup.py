"""Packaging beyond pyproject.toml: ship the top-level ``lessons/`` as the data package
``swkit.lessons``, and ``docs/RULES.md`` as ``swkit.docs`` (``swkit site`` puts it on the
site beside the lessons) (pyproject's ``packages.find`` cannot add a package mapped onto another
folder). Everything else is in pyproject.toml; the lesson files are listed in its package-data.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["swkit*"]), "swkit.lessons", "swkit.docs"],
      package_dir={"swkit.lessons": "lessons", "swkit.docs": "docs"})
