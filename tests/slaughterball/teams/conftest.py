"""The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py)."""

from tests.api.conftest import client_of  # noqa: F401
from tests.pages.conftest import client_as  # noqa: F401
