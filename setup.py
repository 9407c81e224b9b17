"""What the build needs beyond pyproject.toml, which says everything else: the app's
style sheets live in the checkout's top-level ``styles/`` folder and ship inside the
package as ``maharaja_tui/styles`` (``maharaja_tui.paths.STYLES`` finds either).
pyproject.toml cannot map a folder outside the packages into one while it also finds
the packages, so both are said here."""

from setuptools import find_namespace_packages, setup

STYLES = {"maharaja_tui.styles": "styles"}  # the package the wheel ships -> the folder

setup(
    packages=[*find_namespace_packages(include=["engine*", "maharaja_tui*",
                                                "maharaja_server*"]), *STYLES],
    package_dir=STYLES,
)
