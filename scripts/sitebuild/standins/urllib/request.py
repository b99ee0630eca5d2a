"""urllib.request is not part of this site's standard library (a network
client the page has no use for; scripts/sitebuild/stdlib.py, STDLIB_STANDINS): its
functions raise ModuleNotFoundError when called."""


def _missing(*args, **kwargs):
    raise ModuleNotFoundError("urllib.request is not part of this site's standard library",
                              name="urllib.request")


urlopen = urlretrieve = build_opener = install_opener = pathname2url = url2pathname = _missing
getproxies = _missing


class Request:
    def __init__(self, *args, **kwargs):
        _missing()
