"""What the build needs beyond pyproject.toml, which says everything else: the app's
style sheets and its recorded games live in the checkout's top-level ``styles/`` and
``recordings/`` folders and ship inside the package as ``maharaja_tui/styles`` and
``maharaja_tui/recordings`` (``maharaja_tui.paths`` finds either place).
pyproject.toml cannot map a folder outside the packages into one while it also finds
the packages, so both are said here."""

from setuptools import find_namespace_packages, setup

# the package the wheel ships -> the checkout's folder
SHIPPED = {"maharaja_tui.styles": "styles", "maharaja_tui.recordings": "recordings"}

setup(
    packages=[*find_namespace_packages(include=["engine*", "maharaja_tui*",
                                                "maharaja_server*"]), *SHIPPED],
    package_dir=SHIPPED,
)
