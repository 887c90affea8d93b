"""Packaging beyond pyproject.toml: ship the top-level ``lessons/`` as the data package
``swkit.lessons`` (pyproject's ``packages.find`` cannot add a package mapped onto another
folder). Everything else is in pyproject.toml; the lesson files are listed in its package-data.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["swkit*"]), "swkit.lessons"],
      package_dir={"swkit.lessons": "lessons"})
