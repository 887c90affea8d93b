"""Packaging beyond pyproject.toml: ship the top-level ``lessons/`` as the data package
``swkit.lessons``, and ``docs/RULES.md`` (which the lessons cite; ``swkit lessons`` and
``swkit site`` put it beside them) as the data package ``swkit.docs`` (pyproject's ``packages.find`` cannot add a package mapped onto another
folder). Everything else is in pyproject.toml; the data files are listed in its package-data
(only RULES.md of docs/).
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["swkit*"]), "swkit.lessons", "swkit.docs"],
      package_dir={"swkit.lessons": "lessons", "swkit.docs": "docs"})
