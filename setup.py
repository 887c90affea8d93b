"""Packaging beyond pyproject.toml: ship the top-level ``lessons/`` as the data package
``swkit.lessons``, and ``docs/RULES.md`` (which the lessons cite) as the data package
``swkit.rules`` (pyproject's ``packages.find`` cannot add a package mapped onto another
folder). Everything else is in pyproject.toml; the data files are listed in its package-data
(only RULES.md of docs/).
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["swkit*"]), "swkit.lessons", "swkit.rules"],
      package_dir={"swkit.lessons": "lessons", "swkit.rules": "docs"})
